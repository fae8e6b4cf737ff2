import { createFileRoute } from "@tanstack/react-router";
import { AdvertisingStep } from "~/features/new-post/components/final-steps";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { draftStepRoute } from "~/features/new-post/draft-step-route";

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/oglasevanje")({
  ...draftStepRoute(),
  component: () => <DraftStep step="advertising" Step={AdvertisingStep} />,
});
