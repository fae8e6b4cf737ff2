import { createFileRoute } from "@tanstack/react-router";
import { CampaignInfoPage } from "~/features/campaign/components/campaign-pages";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The gift card campaign (spec section 2: `/dobropis20eur`). */
export const Route = createFileRoute("/_default/dobropis20eur/")({
  head: () => ({
    meta: [
      { title: pageTitle(m.campaign_page_title()) },
      { name: "description", content: m.campaign_lead({ amount: "10" }) },
    ],
  }),
  component: CampaignInfoPage,
});
