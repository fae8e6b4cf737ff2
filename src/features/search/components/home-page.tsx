import { useSuspenseQuery } from "@tanstack/react-query";
import { PostingCard } from "~/components/posting-card";
import { vehiclesLabel } from "../plural-labels";
import { m } from "~/paraglide/messages";
import { manufacturersQueryOptions } from "~/client/catalogue.queries";
import { articlesQueryOptions, homePostingsQueryOptions } from "../search.queries";
import { ArticleList } from "./article-list";
import { QuickSearch } from "./quick-search";

export function HomePage() {
  const postings = useSuspenseQuery(homePostingsQueryOptions()).data;
  const manufacturers = useSuspenseQuery(manufacturersQueryOptions()).data;
  const articles = useSuspenseQuery(articlesQueryOptions()).data;
  const popular = manufacturers.filter((mk) => mk.popular);

  return (
    <div className="space-y-12">
      <section
        aria-labelledby="hero-heading"
        className="-mx-4 -mt-6 bg-gradient-to-br from-brand-700 to-brand-900 px-4 pb-10 pt-8 text-white desk:-mx-6 desk:-mt-8 desk:rounded-b-3xl desk:px-10 desk:pb-14 desk:pt-12"
      >
        <h1 id="hero-heading" className="text-3xl font-bold tracking-tight desk:text-5xl">
          {m.home_hero_heading()}
        </h1>
        <p className="mt-2 text-brand-100 desk:text-lg">
          {m.home_hero_subheading({ vehicles: vehiclesLabel(postings.total) })}
        </p>
        <div className="mt-6 text-ink">
          <QuickSearch />
        </div>
      </section>

      <section aria-labelledby="featured-heading">
        <div className="mb-4 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
            {m.home_featured_heading()}
          </h2>
          <a href="/iskanje" className="text-sm font-semibold text-brand-700 hover:underline">
            {m.home_show_all()}
          </a>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 desk:grid-cols-4">
          {postings.results.map((card, i) => (
            <li key={card.postId}>
              <PostingCard card={card} priority={i < 2} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="makes-heading">
        <h2 id="makes-heading" className="mb-4 text-2xl font-bold tracking-tight">
          {m.home_popular_makes()}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {popular.map((mk) => (
            <li key={mk.value}>
              <a href={`/iskanje?model=${encodeURIComponent(mk.value)}`} className="btn-outline rounded-full">
                {mk.text}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <ArticleList articles={articles} heading={m.home_articles_heading()} headingId="articles-heading" />

      <section
        aria-labelledby="sell-heading"
        className="card flex flex-col items-start gap-4 bg-brand-50 p-6 desk:flex-row desk:items-center desk:justify-between"
      >
        <div>
          <h2 id="sell-heading" className="text-xl font-bold">
            {m.home_sell_heading()}
          </h2>
          <p className="mt-1 text-muted">{m.home_sell_text()}</p>
        </div>
        <a href="/nov-oglas" className="btn-accent">
          {m.header_new_post()}
        </a>
      </section>
    </div>
  );
}
