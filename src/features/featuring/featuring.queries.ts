import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** The public price list (/oglasujte). */
export const pricingPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ["featuring", "packages"],
    queryFn: () => data(api["pricing-items"].$get()),
    staleTime: 5 * 60_000,
  });

/** A posting's featuring options for its manager (always fresh: remaining days change). */
export const pricingItemsQueryOptions = (postId: string | number) =>
  queryOptions({
    queryKey: ["featuring", "posting", String(postId)],
    queryFn: () => data(api.postings[":code"]["pricing-items"].$get({ param: { code: String(postId) } })),
    staleTime: 0,
  });

/** The local test checkout's session. */
export const devCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ["featuring", "dev-checkout", sessionId],
    queryFn: () => data(api.dev.payments[":sessionId"].$get({ param: { sessionId } })),
    staleTime: 0,
  });
