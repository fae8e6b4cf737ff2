import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import { parseSearchParams } from "~/domain/search-filters";

// Kept apart from the page: the route's loader reads these, and the loader is in the entry chunk, which must not
// carry the chips and their labels (e2e/page-weight.spec.ts).

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: ["saved-searches"], queryFn: () => data(api["saved-searches"].$get()), staleTime: 0 });

/** The makes whose model names the chips need (those of a make(model) filter). */
export const makesWithModels = (queries: readonly string[]) => [
  ...new Set(queries.flatMap((q) => parseSearchParams(q).model.flatMap((x) => (x.model ? [x.manufacturer] : [])))),
];

/** The "make(model)" → model name pairs of these makes (one query, so no hook per make). */
export const modelNamesQueryOptions = (queryClient: QueryClient, makes: readonly string[]) =>
  queryOptions({
    queryKey: ["saved-searches", "model-names", makes.join(",")],
    queryFn: async () => {
      const lists = await Promise.all(makes.map((make) => queryClient.fetchQuery(modelsQueryOptions(make))));
      return makes.flatMap((make, i) =>
        (lists[i] ?? []).map((md): [string, string] => [`${make}(${md.value})`, md.text]),
      );
    },
    staleTime: 60 * 60_000,
  });

/** Loads the list with the make and model names of its chips, so the page renders them on the server. */
export async function loadSavedSearches(queryClient: QueryClient) {
  const [searches] = await Promise.all([
    queryClient.ensureQueryData(savedSearchesQueryOptions()),
    queryClient.ensureQueryData(manufacturersQueryOptions()),
  ]);
  const makes = makesWithModels(searches.map((s) => s.query));
  await queryClient.ensureQueryData(modelNamesQueryOptions(queryClient, makes));
}
