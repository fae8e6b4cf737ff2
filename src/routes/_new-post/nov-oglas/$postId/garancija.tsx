import { createFileRoute } from "@tanstack/react-router";
import { WarrantyStep } from "~/features/new-post/components/final-steps";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { draftStepRoute } from "~/features/new-post/draft-step-route";

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/garancija")({
  ...draftStepRoute(),
  component: () => <DraftStep step="warranty" Step={WarrantyStep} />,
});
