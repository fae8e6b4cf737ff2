import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { PostingCard } from "~/components/posting-card";
import { formatPrice } from "~/domain/format";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import { FavouriteButton } from "./favourite-button";

export const favouritesQueryOptions = () =>
  queryOptions({ queryKey: ["favorites"], queryFn: () => data(api.favorites.$get()), staleTime: 0 });

/** /uporabnik/priljubljeni-oglasi: liked postings, price drops since liking, removal by the heart. */
export function FavouritesPage({ likedNow }: { likedNow: readonly number[] }) {
  const items = useSuspenseQuery(favouritesQueryOptions()).data.filter((f) => likedNow.includes(f.card.postId));
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{m.favourites_title()}</h1>
      <p className="mt-1 text-muted">{m.favourites_intro()}</p>
      {items.length === 0 ? (
        <div className="card mt-6 p-8 text-center">
          <p>{m.favourites_empty()}</p>
          <a href="/iskanje" className="btn-primary mt-4">
            {m.favourites_browse()}
          </a>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 desk:grid-cols-4" data-testid="favourites">
          {items.map((f) => (
            <li key={f.card.postId} className="space-y-2">
              {f.priceDrop ? (
                <p className="rounded-md bg-brand-600 px-2 py-1 text-center text-sm font-semibold text-white">
                  {m.favourites_price_drop({ amount: formatPrice(f.priceDrop) })}
                </p>
              ) : null}
              {f.sold ? (
                <p className="rounded-md bg-surface px-2 py-1 text-center text-sm font-semibold text-muted">
                  {m.favourites_sold()}
                </p>
              ) : null}
              <PostingCard
                card={f.card}
                headingLevel={2}
                action={
                  <FavouriteButton
                    postId={f.card.postId}
                    code={f.card.code}
                    title={[f.card.manufacturerName, f.card.modelName].filter(Boolean).join(" ")}
                  />
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
