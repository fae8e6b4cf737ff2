import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useMe } from "~/client/use-session";
import { hasValidatedPhone } from "~/domain/user";
import type { DraftView } from "~/contracts/drafts";
import { nextStep, stepHref, visibleSteps, type WizardStep } from "~/domain/wizard-steps";
import { draftQueryOptions } from "../wizard";
import { StepIndicator } from "./step-indicator";

/** A draft's wizard step with the step indicator; editing a published posting drops the first two steps. */
export function WizardFrame({
  postId,
  step,
  editing,
  children,
}: {
  postId: string;
  step: WizardStep;
  editing: boolean;
  children: (draft: DraftView, nextHref: string) => ReactNode;
}) {
  const draft = useSuspenseQuery(draftQueryOptions(postId)).data;
  const me = useMe();
  const isEditing = editing || draft.status !== "DRAFT";
  const steps = visibleSteps({ editing: isEditing, phoneVerified: hasValidatedPhone(me) });
  // Trim selection belongs to step 1, which editing drops: there it counts as the details.
  const current = steps.includes(step) ? step : "details";
  const next = nextStep(current, steps);
  const suffix = isEditing && draft.status !== "DRAFT" ? "?edit=1" : "";
  return (
    <>
      <StepIndicator steps={steps} current={current} postId={draft.id} editing={isEditing} hrefSuffix={suffix} />
      {children(draft, next ? `${stepHref(next, draft.id)}${suffix}` : `/oglas/${draft.id}`)}
    </>
  );
}
