import { webHref } from "~/domain/web-address";
import { appConfig } from "~/app.config";
import type { Article } from "../search.queries";
import { m } from "~/paraglide/messages";

/** News articles as cards (home and search page): picture, title, subtitle, summary, more link. */
export function ArticleList({
  articles,
  heading,
  headingId,
}: {
  articles: Article[];
  heading: string;
  headingId: string;
}) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-2xl font-bold tracking-tight">
        {heading}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {articles.slice(0, appConfig.limits.searchPageArticles).map((a) => (
          <li key={a.id} className="card overflow-hidden">
            {a.imageUrl ? (
              <img
                src={`${a.imageUrl}?w=512`}
                alt=""
                width={512}
                height={268}
                loading="lazy"
                className="aspect-[1200/630] w-full object-cover"
              />
            ) : null}
            <div className="p-4">
              <h3 className="font-semibold">{a.title}</h3>
              {a.subtitle ? <p className="mt-1 text-sm text-muted">{a.subtitle}</p> : null}
              {a.summary ? <p className="mt-2 line-clamp-3 text-sm">{a.summary}</p> : null}
              {webHref(a.moreLink) ? (
                <a
                  href={webHref(a.moreLink) ?? undefined}
                  className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
                  rel="noopener"
                >
                  {m.article_more()} <span className="sr-only">– {a.title}</span>
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
