import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { MyPostingsPage } from "~/features/new-post/components/my-postings-page";
import { myPostingsQueryOptions, postingStatusSearch } from "~/features/new-post/my-postings.queries";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/moji-oglasi")({
  validateSearch: postingStatusSearch,
  beforeLoad: requireRegistered,
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(myPostingsQueryOptions(deps.status)),
  head: () => ({ meta: [{ title: pageTitle(m.my_postings_title()) }, { name: "robots", content: "noindex" }] }),
  component: function MyPostings() {
    const { status } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return <MyPostingsPage status={status} onStatus={(s) => void navigate({ search: s ? { status: s } : {} })} />;
  },
});
