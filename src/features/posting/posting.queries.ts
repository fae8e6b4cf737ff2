import { notFound } from "@tanstack/react-router";
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

/** `$postId` route params: digits only, anything else is a 404 before any loading. */
export const postIdParams = {
  parse: (p: { postId: string }) => {
    if (!/^\d{1,12}$/.test(p.postId)) throw notFound();
    return { postId: p.postId };
  },
  stringify: (p: { postId: string }) => p,
};
