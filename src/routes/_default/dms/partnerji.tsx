import { createFileRoute } from "@tanstack/react-router";
import { requireDealer } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { DmsNav } from "~/features/dealers/components/dms-nav";
import { PartnerGrantsPage } from "~/features/partners/components/partner-grants-page";
import { partnerGrantsQueryOptions } from "~/features/partners/partners.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's partner applications and their access (decision 023), for every member. */
export const Route = createFileRoute("/_default/dms/partnerji")({
  beforeLoad: requireDealer,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(partnerGrantsQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.partners_grants_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Partners() {
    const me = useMe();
    if (!me?.dealership) return null; // the guard (beforeLoad) answered 403
    return (
      <div className="space-y-5">
        <DmsNav current="partners" dealershipCode={me.dealership.code} />
        <PartnerGrantsPage />
      </div>
    );
  },
});
