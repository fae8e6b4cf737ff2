import { createFileRoute } from "@tanstack/react-router";
import type { DraftView } from "~/contracts/drafts";
import { useBuyFeaturing } from "~/features/featuring/use-buy-featuring";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { WarrantyStep } from "~/features/new-post/components/final-steps";
import { draftStepRoute } from "~/features/new-post/draft-step-route";
import { draftPreviewQueryOptions } from "~/features/new-post/wizard";

/** The wizard's last step (with the preview card): publishing buys the featuring chosen before through the featuring feature. */
function Warranty(props: { draft: DraftView; nextHref: string }) {
  const { buy } = useBuyFeaturing();
  return <WarrantyStep {...props} buyFeaturing={buy} />;
}

const step = draftStepRoute();

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/garancija")({
  ...step,
  // The preview card above "Oddaj oglas" comes with the step (a refusal there only leaves the card out).
  loader: (ctx) =>
    Promise.all([
      step.loader(ctx),
      ctx.context.queryClient.prefetchQuery(draftPreviewQueryOptions(ctx.params.postId)),
    ]).then(([draft]) => draft),
  component: () => <DraftStep step="warranty" Step={Warranty} />,
});
