import { createFileRoute } from "@tanstack/react-router";
import { requireRegistered } from "~/client/route-guards";
import { useSuspenseQuery } from "@tanstack/react-query";
import { DocumentManager } from "~/features/new-post/components/document-manager";
import { PhotoManager } from "~/features/new-post/components/photo-manager";
import { QuickEditPage } from "~/features/new-post/components/quick-edit-page";
import { draftQueryOptions } from "~/features/new-post/wizard";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { postIdParams } from "~/lib/route-params";
import { m } from "~/paraglide/messages";

/**
 * "Hitro urejanje oglasa" from "Moji oglasi" and the posting: the seller (or the dealership's staff) only.
 * The photos slot holds the wizard's own photo and document managers (each change saved at once).
 */
export const Route = createFileRoute("/_default/uporabnik/moji-oglasi_/$postId/uredi")({
  params: postIdParams,
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.fetchQuery(draftQueryOptions(params.postId)), "owner"),
  head: () => ({ meta: [{ title: pageTitle(m.quick_edit_title()) }, { name: "robots", content: "noindex" }] }),
  component: function QuickEdit() {
    const { postId } = Route.useParams();
    return <QuickEditPage postId={postId} photos={<QuickEditFiles postId={postId} />} />;
  },
});

/** The photos and documents of the posting, on the same draft query the page reads. */
function QuickEditFiles({ postId }: { postId: string }) {
  const draft = useSuspenseQuery(draftQueryOptions(postId)).data;
  return (
    <>
      <PhotoManager draft={draft} />
      <DocumentManager draft={draft} />
    </>
  );
}
