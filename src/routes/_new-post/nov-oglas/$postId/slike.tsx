import { createFileRoute } from "@tanstack/react-router";
import { PicturesStep } from "~/features/new-post/components/pictures-step";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { draftStepRoute } from "~/features/new-post/draft-step-route";

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/slike")({
  ...draftStepRoute(),
  component: () => <DraftStep step="pictures" Step={PicturesStep} />,
});
