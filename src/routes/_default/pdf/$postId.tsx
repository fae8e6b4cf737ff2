import { createFileRoute } from "@tanstack/react-router";
import { postingQueryOptions } from "~/features/posting/posting.queries";
import { postIdParams } from "~/lib/route-params";
import { postingTitle } from "~/domain/posting-meta";
import { orFailPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { postingPdfPath } from "~/lib/security-headers";
import { m } from "~/paraglide/messages";

/**
 * /pdf/{postId}: the posting's A4 sheet shown inline in the browser's PDF viewer, with the download
 * button above it. The page's policy allows exactly this one same-origin document as an <object>
 * (src/lib/security-headers.ts); where the browser shows no PDFs, the fallback points to the button.
 */
export const Route = createFileRoute("/_default/pdf/$postId")({
  params: postIdParams,
  // A sold car is the 410 page, an unknown id the 404 page (HTTP status too).
  loader: ({ context: { queryClient }, params }) =>
    orFailPage(queryClient.ensureQueryData(postingQueryOptions(params.postId))),
  head: ({ loaderData }) => ({
    meta: [
      { title: pageTitle(loaderData ? m.pdf_title({ title: postingTitle(loaderData) }) : undefined) },
      { name: "robots", content: "noindex" },
    ],
  }),
  component: function PdfRoute() {
    const posting = Route.useLoaderData();
    const { postId } = Route.useParams();
    const src = postingPdfPath(postId);
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{m.pdf_title({ title: postingTitle(posting) })}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={src} className="btn-primary" download={`avtotrg-${posting.code}.pdf`}>
            {m.pdf_download()}
          </a>
          <a href={`/oglas/${posting.postId}`} className="btn-outline">
            {m.pdf_back()}
          </a>
        </div>
        <object
          data={`${src}?inline=1`}
          type="application/pdf"
          className="h-[80vh] w-full rounded-xl border border-line"
          aria-label={m.pdf_title({ title: postingTitle(posting) })}
          data-testid="pdf-sheet"
        >
          <p className="p-4">{m.pdf_embed_fallback()}</p>
        </object>
      </div>
    );
  },
});
