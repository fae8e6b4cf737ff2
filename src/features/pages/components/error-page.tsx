import { useQuery } from "@tanstack/react-query";
import { isChunkLoadError, reloadOnceForChunkError } from "~/components/layout/document-effects";
import { PostingCard } from "~/components/posting-card";
import type { PostingCard as Card } from "~/domain/posting-card";
import { type NeededRole, PageError } from "~/lib/page-error";
import type { ErrorStatus } from "../error-status";
import { m } from "~/paraglide/messages";
import { popularVehiclesQueryOptions } from "../pages.queries";

export { type ErrorStatus, errorStatusOf, errorTitle } from "../error-status";

// The tables are built when a page shows (functions, not module-level objects): a module with no work at load is
// one the browser's bundle can leave out where only the server renders it (lazy-error-page.tsx, decision 084).

/** What the 403 page says about the role a page needs (spec section 6: 'You are not an editor' / 'You are not an admin'). */
const needTexts = (): Record<
  NeededRole,
  { lead: () => string; detail: () => string; link?: { href: string; label: () => string } }
> => ({
  editor: { lead: m.error_403_need_editor, detail: m.error_403_need_editor_detail },
  admin: { lead: m.error_403_need_admin, detail: m.error_403_need_admin_detail },
  dealer: {
    lead: m.error_403_need_dealer,
    detail: m.error_403_need_dealer_detail,
    link: { href: "/trgovec/registracija", label: m.error_403_need_dealer_link },
  },
  owner: { lead: m.error_403_need_owner, detail: m.error_403_need_owner_detail },
});

const texts = (): Record<ErrorStatus, { heading: () => string; subheading: () => string }> => ({
  403: { heading: m.error_403_heading, subheading: m.error_403_subheading },
  404: { heading: m.error_404_heading, subheading: m.error_404_subheading },
  410: { heading: m.error_410_heading, subheading: m.error_410_subheading },
  500: { heading: m.error_500_heading, subheading: m.error_500_subheading },
});

/**
 * 403, 404, 410 and 500 pages (spec section 2): heading and subheading by status; a 404 links back
 * to the offers, others to the postings; 410 shows similar vehicles, the rest five popular ones.
 */
export function ErrorPage({ status, error, similar }: { status: ErrorStatus; error?: unknown; similar?: Card[] }) {
  if (error && typeof window !== "undefined" && isChunkLoadError(error)) reloadOnceForChunkError();
  const showSimilar = status === 410 && similar && similar.length > 0;
  const popular = useQuery({ ...popularVehiclesQueryOptions(), enabled: !showSimilar });
  const vehicles = showSimilar ? similar : (popular.data ?? []);
  const t = texts()[status];
  const need = status === 403 && error instanceof PageError && error.need ? needTexts()[error.need] : null;

  return (
    <section className="py-6 desk:py-12" aria-labelledby="error-heading" data-status={status}>
      <div className="mx-auto max-w-2xl text-center">
        <h1 id="error-heading" className="text-3xl font-bold tracking-tight desk:text-4xl">
          {t.heading()}
        </h1>
        {need ? (
          <div data-testid="error-need">
            <p className="mt-3 text-lg font-semibold">{need.lead()}</p>
            <p className="mt-1 text-muted">{need.detail()}</p>
          </div>
        ) : (
          <p className="mt-3 text-lg text-muted">{t.subheading()}</p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <a href="/iskanje" className="btn-primary">
            {status === 404 ? m.error_back_to_offers() : m.error_to_postings()}
          </a>
          {need?.link ? (
            <a href={need.link.href} className="btn-outline">
              {need.link.label()}
            </a>
          ) : null}
        </div>
        <p className="mt-4 text-xs text-muted">{m.error_code_label({ status: String(status) })}</p>
      </div>
      {vehicles.length > 0 ? (
        <div className="mt-12">
          <h2 className="mb-4 text-xl font-semibold">
            {showSimilar ? m.error_similar_vehicles() : m.error_popular_vehicles()}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 desk:grid-cols-5">
            {vehicles.map((card) => (
              <li key={card.postId}>
                <PostingCard card={card} />
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center">
            <a href="/iskanje" className="btn-outline">
              {m.error_show_all_offers()}
            </a>
          </p>
        </div>
      ) : null}
    </section>
  );
}
