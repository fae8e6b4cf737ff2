import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/**
 * A posting. `withSimilar` (the posting page): its similar vehicles come in the same answer, read in the same D1
 * round trip (decision 089), and go under their own query (`similarVehiclesQueryOptions`), where the carousel
 * finds them without a request of its own.
 */
export const postingQueryOptions = (postId: string, { withSimilar = false } = {}) =>
  queryOptions({
    queryKey: ["posting", postId],
    queryFn: async ({ client }) => {
      const { similar, ...posting } = await data(
        api.postings[":code"].$get({ param: { code: postId }, query: { similar: withSimilar ? "1" : undefined } }),
      );
      if (similar) client.setQueryData(similarVehiclesQueryOptions(String(posting.postId)).queryKey, similar);
      return posting;
    },
    staleTime: 30_000,
  });

export const similarVehiclesQueryOptions = (postingCodeOrId: string, dealerCode?: string | null) =>
  queryOptions({
    queryKey: ["similar", postingCodeOrId, dealerCode ?? null],
    queryFn: () =>
      data(
        api.marketplace["similar-vehicles"][":postingCode"].$get({
          param: { postingCode: postingCodeOrId },
          query: { dealerCode: dealerCode ?? undefined },
        }),
      ),
    staleTime: 60_000,
  });

export const costPricesQueryOptions = () =>
  queryOptions({
    queryKey: ["vehicle-cost-prices"],
    queryFn: () => data(api["vehicle-costs"].prices.$get()),
    staleTime: 10 * 60_000,
  });
