import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { requireSignedIn } from "~/features/auth/route-guards";
import { MyPostingsPage, myPostingsQueryOptions, postingStatusSearch } from "~/features/new-post/components/my-postings-page";
import { ErrorPage } from "~/features/pages/components/error-page";
import { useMe } from "~/features/auth/use-session";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's stock: every posting of the dealership with the same actions as "my postings" (the full dashboard is issue 7). */
export const Route = createFileRoute("/_default/dms/zaloga")({
  validateSearch: postingStatusSearch,
  beforeLoad: requireSignedIn,
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context: { queryClient, me }, deps }) => (me?.dealership ? queryClient.ensureQueryData(myPostingsQueryOptions(deps.status, true)) : null),
  head: () => ({ meta: [{ title: pageTitle(m.stock_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Stock() {
    const me = useMe();
    const { status } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    if (!me?.dealership) return <ErrorPage status={403} />;
    return <MyPostingsPage dealership status={status} onStatus={(s) => void navigate({ search: s ? { status: s } : {} })} />;
  },
});
