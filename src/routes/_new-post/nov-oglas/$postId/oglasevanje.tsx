import { createFileRoute } from "@tanstack/react-router";
import type { DraftView } from "~/contracts/drafts";
import { WizardFeaturing } from "~/features/featuring/components/wizard-featuring";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { AdvertisingStep } from "~/features/new-post/components/final-steps";
import { draftStepRoute } from "~/features/new-post/draft-step-route";

/** The wizard's advertising step with the featuring feature's options in it. */
function Advertising(props: { draft: DraftView; nextHref: string }) {
  return <AdvertisingStep {...props} Featuring={WizardFeaturing} />;
}

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/oglasevanje")({
  ...draftStepRoute(),
  component: () => <DraftStep step="advertising" Step={Advertising} />,
});
