import { createFileRoute } from "@tanstack/react-router";
import { appConfig } from "~/app.config";
import { DealerSignupPage } from "~/features/dealers/components/dealer-signup-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Dealer registration: a static segment, so it wins over the dealer page `/trgovec/$dealerId`. */
export const Route = createFileRoute("/_default/trgovec/registracija")({
  head: () => ({
    meta: [{ title: pageTitle(m.dreg_title()) }, { name: "description", content: m.dreg_meta_description() }],
    links: [{ rel: "canonical", href: `${appConfig.siteUrl}/trgovec/registracija` }],
  }),
  component: DealerSignupPage,
});
