import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { receivedInquiriesQueryOptions } from "~/client/inquiries.queries";
import { requireRegistered } from "~/client/route-guards";
import { PostingInquiryCount, ReceivedInquiries } from "~/features/inquiries/components/received-inquiries";
import { MyPostingsPage } from "~/features/new-post/components/my-postings-page";
import { myPostingsQueryOptions, postingStatusSearch } from "~/features/new-post/my-postings.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/moji-oglasi")({
  validateSearch: postingStatusSearch,
  beforeLoad: requireRegistered,
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(myPostingsQueryOptions(deps.status)),
      queryClient.ensureQueryData(receivedInquiriesQueryOptions()),
    ]),
  head: () => ({ meta: [{ title: pageTitle(m.my_postings_title()) }, { name: "robots", content: "noindex" }] }),
  component: function MyPostings() {
    const { status } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    // The buyers' inquiries: a count beside each posting and the list with replies under them (decision 066).
    return (
      <div className="space-y-10">
        <MyPostingsPage
          status={status}
          onStatus={(s) => void navigate({ search: s ? { status: s } : {} })}
          postingExtra={(code) => <PostingInquiryCount code={code} />}
        />
        <ReceivedInquiries />
      </div>
    );
  },
});
