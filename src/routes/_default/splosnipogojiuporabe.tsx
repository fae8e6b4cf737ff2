import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { campaignTerms } from "~/features/pages/content/campaign-terms";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/splosnipogojiuporabe")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(campaignTerms),
  head: ({ loaderData }) => legalHead(loaderData),
  component: CampaignTermsRoute,
});

function CampaignTermsRoute() {
  return <LegalPage doc={campaignTerms} />;
}
