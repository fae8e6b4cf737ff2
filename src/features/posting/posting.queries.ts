import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

export const postingQueryOptions = (postId: string) => queryOptions({ queryKey: ["posting", postId], queryFn: () => api.getPosting(postId), staleTime: 30_000 });

export const similarVehiclesQueryOptions = (postingCodeOrId: string, dealerCode?: string | null) =>
  queryOptions({ queryKey: ["similar", postingCodeOrId, dealerCode ?? null], queryFn: () => api.similarVehicles(postingCodeOrId, dealerCode ?? undefined), staleTime: 60_000 });

export const costPricesQueryOptions = () => queryOptions({ queryKey: ["vehicle-cost-prices"], queryFn: () => api.vehicleCostPrices(), staleTime: 10 * 60_000 });
