import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

export const postingQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ["posting", postId],
    queryFn: () => data(api.postings[":code"].$get({ param: { code: postId } })),
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
