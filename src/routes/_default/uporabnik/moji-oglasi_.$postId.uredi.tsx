import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { QuickEditPage } from "~/features/new-post/components/quick-edit-page";
import { draftQueryOptions } from "~/features/new-post/wizard";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { postIdParams } from "~/lib/route-params";
import { m } from "~/paraglide/messages";

/**
 * "Hitro urejanje oglasa" from "Moji oglasi" and the posting: the seller (or the dealership's staff) only.
 * The photos slot links to the wizard's pictures step.
 */
export const Route = createFileRoute("/_default/uporabnik/moji-oglasi_/$postId/uredi")({
  params: postIdParams,
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.fetchQuery(draftQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.quick_edit_title()) }, { name: "robots", content: "noindex" }] }),
  component: function QuickEdit() {
    const { postId } = Route.useParams();
    const editing = Route.useLoaderData().status !== "DRAFT";
    return (
      <QuickEditPage
        postId={postId}
        photos={
          <a className="btn-outline" href={`/nov-oglas/${postId}/slike${editing ? "?edit=1" : ""}`}>
            {m.quick_edit_photos_link()}
          </a>
        }
      />
    );
  },
});
