import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { parseSearchParams, serializeSearchFilters } from "~/domain/search-filters";
import { startFirstRead, takeFirstRead } from "~/lib/first-read";
import { toRawSearch } from "~/lib/search-params";
import { searchResultsFirstRead, takeSearchResults } from "./search-first-read";
import { searchResultsQueryOptions } from "./search.queries";

// Decision 089 (round 6): signed in, the root's beforeLoad starts /iskanje's results before `me`. Played with
// TanStack Router's own matching and loading, on the server.

/**
 * /iskanje's own `firstRead` and loader key (src/features/search/search-first-read.ts) on a router with the route's
 * search rule. The results' query is seeded (no API here): a started read answers from it, under the canonical key.
 */
async function renderSearch(path: string) {
  const queryClient = new QueryClient();
  const started: string[] = [];
  const root = createRootRoute({
    beforeLoad: ({ matches }) => {
      startFirstRead(matches, queryClient);
    },
  });
  const search = createRoute({
    getParentRoute: () => root,
    path: "/iskanje",
    validateSearch: (raw: Record<string, unknown>) => toRawSearch(raw),
    staticData: {
      firstRead: (args) => {
        const read = searchResultsFirstRead(args);
        if (read) started.push(`${JSON.stringify(args.search)}`);
        return read;
      },
    },
    loaderDeps: ({ search: raw }) => ({ query: serializeSearchFilters(parseSearchParams(raw)).toString() }),
    loader: async ({ deps }) => {
      const taken = takeFirstRead(queryClient, `search:${deps.query}`);
      return { query: deps.query, taken: taken !== undefined };
    },
  });
  // Every canonical query the tests use answers from the cache.
  for (const query of ["model=bmw&sort=priceAsc", ""])
    queryClient.setQueryData(searchResultsQueryOptions(query).queryKey, { total: 1, results: [] });
  const router = createRouter({
    routeTree: root.addChildren([search]),
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
  });
  await router.load();
  const match = router.state.matches.find((m) => (m.routeId as string) === "/iskanje");
  return { started: started.length, loaded: match?.loaderData as { query: string; taken: boolean } | undefined };
}

describe("the search page's first read (decision 089)", () => {
  it("starts the results' read under the loader's canonical key: aliases and order fold to the same read", async () => {
    for (const path of ["/iskanje?model=bmw&sort=priceAsc", "/iskanje?sort=priceAsc&model=bmw&junk=1"]) {
      expect(await renderSearch(path)).toEqual({
        started: 1,
        loaded: { query: "model=bmw&sort=priceAsc", taken: true },
      });
    }
    expect(await renderSearch("/iskanje")).toEqual({ started: 1, loaded: { query: "", taken: true } });
  });

  it("starts nothing for a URL the route redirects: the filter forms' fields, a phrase still to understand", async () => {
    expect((await renderSearch("/iskanje?make=bmw&price.max=10000")).started).toBe(0);
    expect((await renderSearch("/iskanje?ai=rdeč%20golf")).started).toBe(0);
  });

  it("the loader reads on its own when nothing was started (a signed-out render, a later navigation)", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(searchResultsQueryOptions("model=bmw").queryKey, { total: 2, results: [] });
    expect(await takeSearchResults(queryClient, "model=bmw")).toEqual({ total: 2, results: [] });
  });
});
