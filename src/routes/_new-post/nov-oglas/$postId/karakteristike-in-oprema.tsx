import { createFileRoute } from "@tanstack/react-router";
import { DetailsStep } from "~/features/new-post/components/details-step";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { draftStepRoute } from "~/features/new-post/draft-step-route";

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/karakteristike-in-oprema")({
  ...draftStepRoute(),
  component: () => <DraftStep step="details" Step={DetailsStep} />,
});
