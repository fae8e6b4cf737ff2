import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { PostingReviewPage } from "~/features/admin/components/posting-review-page";
import { postingReviewQueryOptions, type PostingReviewSearch } from "~/features/admin/posting-review.queries";
import { requireEditor } from "~/client/route-guards";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

function reviewSearch(search: Record<string, unknown>): PostingReviewSearch {
  const out: PostingReviewSearch = {};
  if (search.tab === "promising") out.tab = "promising";
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim().slice(0, 60);
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}

/** The posting editor (spec section 2: `/admin/postings`), for posting editors and admins. */
export const Route = createFileRoute("/_default/admin/postings")({
  validateSearch: reviewSearch,
  beforeLoad: requireEditor,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(postingReviewQueryOptions(deps)),
  head: () => ({ meta: [{ title: pageTitle(m.review_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Postings() {
    const search = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    return <PostingReviewPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
