import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Fragment, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import type { PostingCard as PostingCardData } from "~/domain/posting-card";
import { AdSlot } from "~/components/ad-slot";
import { PostingCard } from "~/components/posting-card";
import { SlidersIcon } from "~/components/ui/icons";
import {
  hasActiveFilters,
  searchHref,
  type SearchFilters,
  type SearchSort,
  searchSorts,
  serializeSearchFilters,
  withFilters,
} from "~/domain/search-filters";
import { appConfig } from "~/app.config";
import { searchAdIndex } from "~/domain/ads";
import { m } from "~/paraglide/messages";
import { activeChips, clearedFilters, suggestedSearchName } from "../chips";
import { quickFields } from "../filter-fields";
import { vehiclesLabel } from "../plural-labels";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import { articlesQueryOptions, searchResultsQueryOptions } from "../search.queries";
import { useFacetCounts } from "../use-facets";
import { desktopMediaQuery, useMediaQuery } from "~/lib/use-media-query";
import { rawSearchOf, useSearchNavigation } from "../use-search-navigation";
import { AiSearchBox } from "./ai-search-box";
import { AiUnderstood } from "./ai-understood";
import { FilterChips } from "./filter-chips";
import { FilterDrawer } from "./filter-drawer";
import { FilterForm } from "./filter-form";
import { FilterPanel } from "./filter-panel";
import { ArticleList } from "./article-list";
import { Pagination } from "./pagination";
import { ZeroResultHelp } from "./zero-result-help";
import { SaveSearchButton } from "./save-search-button";

const sortLabels: Record<SearchSort, () => string> = {
  newest: m.sort_newest,
  priceAsc: m.sort_priceAsc,
  priceDesc: m.sort_priceDesc,
  mileageAsc: m.sort_mileageAsc,
  mileageDesc: m.sort_mileageDesc,
  yearDesc: m.sort_yearDesc,
  yearAsc: m.sort_yearAsc,
  powerDesc: m.sort_powerDesc,
  popular: m.sort_popular,
  bestPrice: m.sort_bestPrice,
};

type Props = {
  filters: SearchFilters;
  showFilters: boolean;
  aiError: boolean;
  onShowFilters: (open: boolean) => void;
  /** Rendered over each card's picture (the route adds the favourite heart). */
  cardAction?: (card: PostingCardData) => ReactNode;
  /** Whether the visitor is signed in (saving a search needs an account). */
  signedIn: boolean;
};

/** /iskanje: results with the filter sidebar (desktop) or drawer (mobile); the URL is the state. */
export function SearchPage({ filters, showFilters, aiError, onShowFilters, cardAction, signedIn }: Props) {
  const sortId = useId();
  const go = useSearchNavigation();
  const query = serializeSearchFilters(filters).toString();
  const results = useSuspenseQuery(searchResultsQueryOptions(query)).data;
  const articles = useQuery(articlesQueryOptions()).data ?? [];
  const manufacturers = useSuspenseQuery(manufacturersQueryOptions()).data;
  const firstMake = filters.model[0]?.manufacturer ?? "";
  const models = useQuery(modelsQueryOptions(firstMake)).data;
  // The sidebar's counts are for the sidebar, shown from the desktop width up: a phone does not fetch
  // and render them after every page load (its filter drawer fetches its own when opened).
  const sidebarShown = useMediaQuery(desktopMediaQuery);
  const facets = useFacetCounts(
    ["manufacturer", "fuel", "body", "transmission", "seller", "region"],
    query,
    sidebarShown,
  );
  const size = filters.results ?? appConfig.limits.searchPageSize;
  // The URL is the state, but a ticked box must look ticked before the navigation lands.
  const [shown, setShown] = useState(filters);
  useEffect(() => setShown(filters), [query]);

  const names = useMemo(() => {
    const map = new Map<string, string>(manufacturers.map((mk) => [mk.value, mk.text]));
    for (const md of models ?? []) map.set(`${firstMake}(${md.value})`, md.text);
    return map;
  }, [manufacturers, models, firstMake]);
  const chips = activeChips(shown, names);
  const adIndex = searchAdIndex(results.results.length, appConfig.ads.searchResultsAfter);

  return (
    <div className="desk:grid desk:grid-cols-[18rem_1fr] desk:gap-6">
      <aside className="hidden desk:block" aria-label={m.search_filters()}>
        <div className="card sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto p-4">
          <h2 className="mb-4 text-lg font-semibold">{m.search_filters()}</h2>
          <FilterForm fields={quickFields} filters={filters}>
            <FilterPanel
              fields={quickFields}
              value={shown}
              onChange={(f) => {
                setShown(f);
                void go(f);
              }}
              facets={facets}
              collapseAfter={6}
            />
            <a href={searchHref(filters, "/napredno-iskanje")} className="btn-outline mt-5 w-full">
              <SlidersIcon /> {m.search_more_filters()}
            </a>
          </FilterForm>
        </div>
      </aside>

      <section aria-labelledby="search-heading" className="min-w-0">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 id="search-heading" className="text-2xl font-bold tracking-tight desk:text-3xl">
              {m.search_title()}
            </h1>
            <p className="mt-1 text-muted" aria-live="polite" data-testid="result-count">
              {vehiclesLabel(results.total)}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <SaveSearchButton
                query={serializeSearchFilters(withFilters(filters, { ai: null, searchSource: null })).toString()}
                suggestedName={suggestedSearchName(
                  chips.map((c) => c.label),
                  appConfig.limits.savedSearchName,
                  m.saved_default_name(),
                )}
                signedIn={signedIn}
                loginHref={`/relogin?redirectUrl=${encodeURIComponent(searchHref(filters))}`}
              />
            </div>
          </div>
          <div className="flex w-full items-end gap-2 sm:w-auto">
            <button
              type="button"
              className="btn-outline desk:hidden"
              onClick={() => onShowFilters(true)}
              aria-haspopup="dialog"
            >
              <SlidersIcon /> {m.search_filters()}
              {chips.length > 0 ? (
                <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{chips.length}</span>
              ) : null}
            </button>
            <div className="flex-1 sm:flex-none">
              <label htmlFor={sortId} className="sr-only">
                {m.search_sort()}
              </label>
              <select
                id={sortId}
                className="field-input"
                data-needs-js
                value={shown.sort ?? "newest"}
                onChange={(e) => {
                  const next = withFilters(shown, {
                    sort: e.target.value === "newest" ? null : (e.target.value as SearchSort),
                  });
                  setShown(next);
                  void go(next);
                }}
              >
                {searchSorts.map((s) => (
                  <option key={s} value={s}>
                    {sortLabels[s]()}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        <AiSearchBox
          key={filters.ai ?? ""}
          defaultValue={filters.ai ?? ""}
          label={m.search_ai_box_label()}
          className="mt-4"
          compact
        />
        {filters.ai ? (
          <AiUnderstood phrase={filters.ai} failed={aiError} chips={chips} clearAll={clearedFilters(shown)} />
        ) : chips.length > 0 ? (
          <FilterChips chips={chips} clearAll={clearedFilters(shown)} className="mt-4" />
        ) : null}

        {results.results.length > 0 ? (
          <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="search-results">
            {results.results.map((card, i) => (
              <Fragment key={card.postId}>
                <li>
                  {/* The results have no heading of their own: the cards' titles come right under the h1. */}
                  <PostingCard card={card} headingLevel={2} priority={i < 2} action={cardAction?.(card)} />
                </li>
                {i === adIndex ? (
                  <li className="col-span-full empty:hidden">
                    <AdSlot name="searchResults" />
                  </li>
                ) : null}
              </Fragment>
            ))}
          </ul>
        ) : (
          <div className="card mt-6 p-8 text-center">
            <h2 className="text-xl font-semibold">{m.search_empty_heading()}</h2>
            <p className="mx-auto mt-2 max-w-md text-muted">{m.search_empty_text()}</p>
            {hasActiveFilters(filters) ? <ZeroResultHelp filters={filters} chips={chips} /> : null}
            {hasActiveFilters(filters) ? (
              <Link to="/iskanje" search={rawSearchOf(clearedFilters(filters))} className="btn-primary mt-5">
                {m.search_empty_clear()}
              </Link>
            ) : null}
          </div>
        )}

        <Pagination filters={filters} total={results.total} size={size} />

        <div className="mt-12">
          <ArticleList articles={articles} heading={m.search_articles_heading()} headingId="search-articles" />
        </div>
      </section>

      <FilterDrawer
        open={showFilters}
        filters={filters}
        onClose={() => onShowFilters(false)}
        onApply={(f) => {
          onShowFilters(false);
          void go(f);
        }}
      />
    </div>
  );
}
