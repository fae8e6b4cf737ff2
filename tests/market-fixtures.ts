import { expect } from "vitest";
import type { postings } from "~/db/schema/postings";
import { recomputeMarketValues } from "~/services/market-value.server";
import { call, db, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

/** The market-value API tests' cars, families and calls (decision 088). */
export type Car = Partial<typeof postings.$inferInsert>;
export type Estimate = {
  rating: string | null;
  deviationBp: number | null;
  low: number | null;
  mid: number | null;
  high: number | null;
  comparables: number;
  scope: string;
};

/** The facts of a car of a fresh make and model; `step` moves year and mileage (deterministic, no randomness). */
export const carOf = (makeId: number, modelId: number, step: number, values: Car = {}): Car => {
  const year = 2015 + (step % 7);
  const odometerKm = (2026 - year) * 15_000 + (step % 4) * 4_000;
  const euros = 28_000 * 0.88 ** (2026 - year) * (1 - odometerKm / 1_000_000) * (0.96 + ((step * 7) % 9) / 100);
  const price = Math.round(euros) * 100;
  return {
    manufacturerId: makeId,
    baseModelId: modelId,
    modelYear: year,
    odometerKm,
    powerKw: 96,
    fuel: "PETROL",
    transmission: "M",
    bodyType: "STATION_WAGON",
    contactRegion: "MARIBOR",
    damage: "UNDAMAGED",
    price,
    searchPrice: price,
    ...values,
  };
};

/** `count` published cars of a fresh family, from four other sellers. */
export async function market(count: number, values: (i: number) => Car = () => ({})) {
  const { maker, model } = await makeAndModel();
  const sellers = [];
  for (let s = 0; s < 4; s++) sellers.push((await signedInUser()).user.id);
  for (let i = 0; i < count; i++)
    await publishedPosting({ userId: sellers[i % 4], ...carOf(maker.id, model.id, i, values(i)) });
  return { maker, model };
}

/** An API call: GET without a body, POST with one (and for `…/publish`). */
export const send = (path: string, cookie?: string, body?: unknown) =>
  call(`/internal-api/v1${path}`, {
    method: body === undefined && !path.endsWith("/publish") ? "GET" : "POST",
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A buyer (`cookie`) makes a posting a favourite: `POST postings/{code}/favorite`. */
export const like = (code: string, cookie: string) =>
  call(`/internal-api/v1/postings/${code}/favorite`, { method: "POST", headers: { cookie } });

/** A buyer turns the favourite's price alert on or off: `PUT postings/{code}/favorite/price-alert`. */
export const alert = (code: string, cookie: string, on: boolean) =>
  call(`/internal-api/v1/postings/${code}/favorite/price-alert`, { ...json({ on }, cookie), method: "PUT" });

/** A posting's page data as the market tests read it. */
export type Detail = {
  marketValue: (Estimate & { computedAt: string; yearFrom: number; yearTo: number }) | null;
  priceHistory: { oldPrice: number | null; newPrice: number | null }[];
};

/** `GET postings/{code}` (as the visitor `cookie` names, or signed out). */
export const detailOf = async (code: string, cookie?: string) =>
  (await (await send(`/postings/${code}`, cookie)).json()) as Detail;

/** The codes a search of the make finds under one `priceRating`. */
export const ratedCodes = async (makeCode: string, rating: string) =>
  (
    (await (await send(`/marketplace/search?model=${makeCode}&size=50&priceRating=${rating}`)).json()) as {
      results: { code: string }[];
    }
  ).results.map((r) => r.code);

/** The wizard's estimate of a draft (or the owner's posting). */
export const estimateOf = async (code: string, cookie: string) => {
  const res = await send(`/draft/${code}/market-value`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as Estimate;
};

/** A draft of `car`, written directly. */
export const draftOf = (userId: number, car: Car) =>
  publishedPosting({ userId, ...car, status: "DRAFT", publishedAt: null });

/**
 * A car `by` over the market (step 7 of the family) and one at it, from two more sellers; then the daily run; their
 * page estimates (the market tests' attacks, decision 088).
 */
export async function overAndAt(makeId: number, modelId: number, by = 1.1) {
  const at = carOf(makeId, modelId, 7);
  const over = Math.round((at.price ?? 0) * by);
  const posted = await publishedPosting({
    userId: (await signedInUser()).user.id,
    ...at,
    price: over,
    searchPrice: over,
  });
  const honest = await publishedPosting({ userId: (await signedInUser()).user.id, ...at });
  await recomputeMarketValues(db());
  return { over: (await detailOf(posted.code)).marketValue, at: (await detailOf(honest.code)).marketValue };
}

/** A private seller's published car at `cents`, in a make and model of its own (the price-history tests' car). */
export async function carOnSale(cents: number, values: Car = {}) {
  const seller = await signedInUser();
  const { maker, model } = await makeAndModel();
  const posting = await publishedPosting({
    userId: seller.user.id,
    manufacturerId: maker.id,
    baseModelId: model.id,
    price: cents,
    searchPrice: cents,
    ...values,
  });
  return { seller, maker, posting };
}
