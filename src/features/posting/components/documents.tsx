import { DocumentIcon } from "~/components/ui/icons";
import { documentLabel } from "~/domain/document-label";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

/** Services and invoices by type and date ("Račun · 12. 3. 2025"), never by file name: PDFs open as documents, images full size. */
export function Documents({ documents }: { documents: PostingFile[] }) {
  return (
    <section aria-labelledby="documents-title" className="card p-4">
      <h2 id="documents-title" className="text-lg font-semibold">
        {m.documents_title()}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{m.documents_none()}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm">
          {documents.map((d) => (
            <li key={d.url} className="flex items-center gap-2 py-2">
              <DocumentIcon className="shrink-0 text-brand-700" />
              <a href={d.url} target="_blank" rel="noopener" className="underline">
                {documentLabel(d)}
              </a>
              <span className="ml-auto text-xs text-muted">
                {d.mimeType === "application/pdf" ? m.documents_pdf() : m.documents_image()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
