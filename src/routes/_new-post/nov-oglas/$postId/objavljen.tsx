import { createFileRoute, redirect } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { postingTitle, postingUrl } from "~/domain/posting-meta";
import { PublishedPage } from "~/features/new-post/components/published-page";
import { draftQueryOptions } from "~/features/new-post/wizard";
import { ShareBar } from "~/features/posting/components/share-bar";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { postIdParams } from "~/lib/route-params";
import { m } from "~/paraglide/messages";

/** After "Oddaj oglas": the confirmation with the posting's link, the posting feature's share bar and what next. */
export const Route = createFileRoute("/_new-post/nov-oglas/$postId/objavljen")({
  params: postIdParams,
  beforeLoad: requireRegistered,
  loader: async ({ context: { queryClient }, params }) => {
    // Fetched afresh: the wizard's cached copy still says DRAFT.
    const draft = await orFailPage(queryClient.fetchQuery(draftQueryOptions(params.postId)), "owner");
    if (draft.status === "DRAFT") throw redirect({ href: `/nov-oglas/${draft.id}/garancija` });
    return draft;
  },
  head: () => ({ meta: [{ title: pageTitle(m.published_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Published() {
    const draft = Route.useLoaderData();
    const title = postingTitle(draft);
    const url = postingUrl(draft.id);
    return (
      <PublishedPage
        postId={draft.id}
        title={title}
        url={url}
        share={<ShareBar postId={draft.id} title={title} url={url} favourite={null} />}
      />
    );
  },
});
