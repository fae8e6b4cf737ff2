/**
 * Compile-time proof that the client is derived from the API (decision 056): this file is part of
 * `npm run typecheck` (tsconfig includes tests/**) and is never run. Removing or renaming a field that a
 * service returns, or changing its type, makes one of the lines below fail tsc.
 */
import { expectTypeOf } from "vitest";
import { type createApiClient, data } from "~/client/api-client";

declare const api: ReturnType<typeof createApiClient>["internal-api"]["v1"];

export async function responseShapes() {
  const me = await data(api.me.$get());
  // Positive: the fields the UI reads have the types the services return.
  expectTypeOf(me.id).toEqualTypeOf<number>();
  expectTypeOf(me.phoneNumber).toEqualTypeOf<string | null>();
  expectTypeOf(me.amzsAdmin).toEqualTypeOf<boolean>();
  // @ts-expect-error the profile has no `fullName` (it answers firstName and lastName)
  me.fullName;

  const manufacturers = await data(api.manufacturer.$get());
  expectTypeOf(manufacturers).items.toHaveProperty("popular").toEqualTypeOf<boolean>();

  const ledger = await data(api.dealer[":code"]["credit-days"].$get({ param: { code: "x" } }));
  expectTypeOf(ledger.advertisingDays).toEqualTypeOf<number>();
  // @ts-expect-error the ledger's balance is `advertisingDays`, not `days`
  ledger.days;

  const dealers = await data(api.dealer.$get({ query: {} }));
  expectTypeOf(dealers.total).toEqualTypeOf<number>();
  expectTypeOf(dealers.dealerships).items.toHaveProperty("code").toEqualTypeOf<string | null>();

  const search = await data(api.marketplace.search.$get({ query: {} }));
  expectTypeOf(search.results).items.toHaveProperty("price").toEqualTypeOf<number | null>();
  // @ts-expect-error a search answers `results`, not `postings`
  search.postings;

  // Issue 24: the AI box's ignored words and the zero-result help's counts.
  const understood = await data(api.ai.search.$post({ json: { query: "golf" } }));
  expectTypeOf(understood.ignored).toEqualTypeOf<string[]>();
  expectTypeOf(understood.query).toEqualTypeOf<string>();
  const dropOne = await data(api.marketplace["count-without-one"].$get({ query: {} }));
  expectTypeOf(dropOne.options).items.toHaveProperty("total").toEqualTypeOf<number>();

  // An empty 204 gives nothing to read.
  const deleted = await data(api.dealer[":code"].$delete({ param: { code: "x" }, json: { confirmName: "X" } }));
  expectTypeOf(deleted).toEqualTypeOf<undefined>();
}
