import { createFileRoute } from "@tanstack/react-router";
import { AdvertisingInfoPage } from "~/features/featuring/components/advertising-info-page";
import { pricingPackagesQueryOptions } from "~/features/featuring/featuring.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/oglasujte")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(pricingPackagesQueryOptions()),
  head: () => ({
    meta: [{ title: pageTitle(m.feat_info_title()) }, { name: "description", content: m.feat_info_lead() }],
  }),
  component: AdvertisingInfoPage,
});
