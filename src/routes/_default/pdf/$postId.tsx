import { createFileRoute, notFound } from "@tanstack/react-router";
import { postIdParams, postingQueryOptions } from "~/features/posting/posting.queries";
import { postingTitle } from "~/features/posting/posting-meta";
import { ApiError } from "~/lib/api/client";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** /pdf/{postId}: the posting's A4 sheet in the browser's PDF viewer, with download and print from there. */
export const Route = createFileRoute("/_default/pdf/$postId")({
  params: postIdParams,
  loader: async ({ context: { queryClient }, params }) => {
    try {
      return await queryClient.ensureQueryData(postingQueryOptions(params.postId));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData ? m.pdf_title({ title: postingTitle(loaderData) }) : undefined) }, { name: "robots", content: "noindex" }] }),
  component: function PdfRoute() {
    const posting = Route.useLoaderData();
    const src = `/internal-api/v1/postings/${encodeURIComponent(posting.code)}/download-pdf`;
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{m.pdf_title({ title: postingTitle(posting) })}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={src} className="btn-primary" download>{m.pdf_download()}</a>
          <a href={`/oglas/${posting.postId}`} className="btn-outline">{m.pdf_back()}</a>
        </div>
        <object data={`${src}?inline=1`} type="application/pdf" className="h-[80vh] w-full rounded-xl border border-line" aria-label={m.pdf_title({ title: postingTitle(posting) })}>
          <p className="p-4">{m.pdf_embed_fallback()}</p>
        </object>
      </div>
    );
  },
});
