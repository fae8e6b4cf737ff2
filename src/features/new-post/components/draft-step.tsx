import { useParams, useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { WizardStep } from "~/domain/wizard-steps";
import type { DraftView } from "~/contracts/drafts";
import { WizardFrame } from "./wizard-frame";

/** A step of a draft inside the wizard's frame (`?edit=1` when editing a published posting). */
export function DraftStep({
  step,
  Step,
}: {
  step: WizardStep;
  Step: (props: { draft: DraftView; nextHref: string }) => ReactNode;
}) {
  const { postId } = useParams({ strict: false }) as { postId: string };
  const { edit } = useSearch({ strict: false }) as { edit?: string };
  return (
    <WizardFrame postId={postId} step={step} editing={edit === "1"}>
      {(draft, nextHref) => <Step draft={draft} nextHref={nextHref} />}
    </WizardFrame>
  );
}
