import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/** The public price list (/oglasujte). */
export const pricingPackagesQueryOptions = () =>
  queryOptions({ queryKey: ["featuring", "packages"], queryFn: () => api.pricingPackages(), staleTime: 5 * 60_000 });

/** A posting's featuring options for its manager (always fresh: remaining days change). */
export const pricingItemsQueryOptions = (postId: string | number) =>
  queryOptions({
    queryKey: ["featuring", "posting", String(postId)],
    queryFn: () => api.pricingItems(postId),
    staleTime: 0,
  });

/** The local test checkout's session. */
export const devCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ["featuring", "dev-checkout", sessionId],
    queryFn: () => api.devCheckout(sessionId),
    staleTime: 0,
  });
