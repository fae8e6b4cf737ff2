import { createFileRoute } from "@tanstack/react-router";
import type { DraftView } from "~/contracts/drafts";
import { useBuyFeaturing } from "~/features/featuring/use-buy-featuring";
import { DraftStep } from "~/features/new-post/components/draft-step";
import { WarrantyStep } from "~/features/new-post/components/final-steps";
import { draftStepRoute } from "~/features/new-post/draft-step-route";

/** The wizard's last step: publishing buys the featuring chosen before through the featuring feature. */
function Warranty(props: { draft: DraftView; nextHref: string }) {
  const { buy } = useBuyFeaturing();
  return <WarrantyStep {...props} buyFeaturing={buy} />;
}

export const Route = createFileRoute("/_new-post/nov-oglas/$postId/garancija")({
  ...draftStepRoute(),
  component: () => <DraftStep step="warranty" Step={Warranty} />,
});
