import { createFileRoute } from "@tanstack/react-router";
import { receivedInquiriesQueryOptions } from "~/client/inquiries.queries";
import { requireDealer } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { DmsNav } from "~/features/dealers/components/dms-nav";
import { ReceivedInquiries } from "~/features/inquiries/components/received-inquiries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** "Povpraševanja": buyers' inquiries about the dealership's postings, for every member (decision 066). */
export const Route = createFileRoute("/_default/dms/povprasevanja")({
  beforeLoad: requireDealer,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(receivedInquiriesQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.inquiry_list_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Inquiries() {
    const me = useMe();
    if (!me?.dealership) return null; // the guard (beforeLoad) answered 403
    return (
      <div className="space-y-5">
        <DmsNav current="inquiries" dealershipCode={me.dealership.code} />
        <ReceivedInquiries headingLevel={1} />
      </div>
    );
  },
});
