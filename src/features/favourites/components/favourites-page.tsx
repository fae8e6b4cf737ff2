import { queryOptions, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useLocalFavourites } from "~/client/local-favourites";
import { PostingCard } from "~/components/posting-card";
import { formatPrice } from "~/domain/format";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import { favouritesQueryOptions } from "../favourites.queries";
import { FavouriteButton } from "./favourite-button";
import { PriceAlertToggle } from "./price-alert-toggle";

const localCardsQueryOptions = (codes: readonly string[]) =>
  queryOptions({
    queryKey: ["favorites", "local", codes.join(",")],
    queryFn: () => data(api.favorites.cards.$get({ query: { codes: codes.join(",") } })),
    enabled: codes.length > 0,
  });

const heartFor = (card: {
  postId: number;
  code: string;
  manufacturerName: string | null;
  modelName: string | null;
}) => (
  <FavouriteButton
    postId={card.postId}
    code={card.code}
    title={[card.manufacturerName, card.modelName].filter(Boolean).join(" ")}
  />
);

function EmptyFavourites() {
  return (
    <p className="card mt-6 grid justify-items-center gap-4 p-8 text-center">
      {m.favourites_empty()}
      <a href="/iskanje" className="btn-primary">
        {m.favourites_browse()}
      </a>
    </p>
  );
}

/**
 * The page for a signed-out visitor: the favourites kept in this browser, and an invitation to sign in that
 * comes back here when there are some, else to `cameFrom` (the page "Priljubljeni" was tapped on).
 */
export function LocalFavouritesPage({ cameFrom }: { cameFrom: string }) {
  const codes = useLocalFavourites();
  const cards = useQuery(localCardsQueryOptions(codes)).data ?? [];
  const shown = cards.filter((c) => codes.includes(c.code));
  const back = codes.length > 0 ? "/uporabnik/priljubljeni-oglasi" : cameFrom;
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{m.favourites_title()}</h1>
      <p className="mt-1 text-muted">{m.favourites_local_intro()}</p>
      <a href={`/relogin?redirectUrl=${encodeURIComponent(back)}`} className="btn-primary mt-4">
        {m.favourites_sign_in()}
      </a>
      {codes.length === 0 ? (
        <EmptyFavourites />
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 desk:grid-cols-4" data-testid="favourites">
          {shown.map((card) => (
            <li key={card.postId}>
              <PostingCard card={card} headingLevel={2} action={heartFor(card)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /uporabnik/priljubljeni-oglasi: liked postings, price drops since liking, removal by the heart. */
export function FavouritesPage({ likedNow }: { likedNow: readonly number[] }) {
  const items = useSuspenseQuery(favouritesQueryOptions()).data.filter((f) => likedNow.includes(f.card.postId));
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{m.favourites_title()}</h1>
      <p className="mt-1 text-muted">{m.favourites_intro()}</p>
      {items.length === 0 ? (
        <EmptyFavourites />
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
              <PostingCard card={f.card} headingLevel={2} action={heartFor(f.card)} />
              {f.sold ? null : (
                <PriceAlertToggle
                  code={f.card.code}
                  on={f.priceAlert}
                  title={[f.card.manufacturerName, f.card.modelName].filter(Boolean).join(" ")}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
