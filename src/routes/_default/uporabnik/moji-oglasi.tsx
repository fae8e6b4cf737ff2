import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { postingStatuses, type PostingStatus } from "~/domain/enums";
import { requireSignedIn } from "~/features/auth/route-guards";
import { MyPostingsPage, myPostingsQueryOptions } from "~/features/new-post/components/my-postings-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

const statusOf = (v: unknown) => ((postingStatuses as readonly string[]).includes(String(v)) ? (v as PostingStatus) : undefined);

export const Route = createFileRoute("/_default/uporabnik/moji-oglasi")({
  validateSearch: (search: Record<string, unknown>): { status?: PostingStatus } => ({ status: statusOf(search.status) }),
  beforeLoad: requireSignedIn,
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(myPostingsQueryOptions(deps.status)),
  head: () => ({ meta: [{ title: pageTitle(m.my_postings_title()) }, { name: "robots", content: "noindex" }] }),
  component: function MyPostings() {
    const { status } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return <MyPostingsPage status={status} onStatus={(s) => void navigate({ search: s ? { status: s } : {} })} />;
  },
});
