import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { campaignTerms } from "~/features/pages/content/campaign-terms";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/splosnipogojiuporabe")({
  head: () => legalHead(campaignTerms),
  component: CampaignTermsRoute,
});

function CampaignTermsRoute() {
  return <LegalPage doc={campaignTerms} />;
}
