import { createFileRoute } from "@tanstack/react-router";
import { TestAdsPage } from "~/features/pages/components/test-ads-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/test-ads")({
  head: () => ({ meta: [{ title: pageTitle(m.pages_test_ads_title()) }, { name: "robots", content: "noindex" }] }),
  component: TestAdsPage,
});
