import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { data } from "./api-client";

/**
 * The inquiries the signed-in seller received (the dealership's for its members) and how many are new:
 * the dealer tabs show the count, the inquiries list the items (decision 066).
 */
export const receivedInquiriesQueryOptions = () =>
  queryOptions({ queryKey: ["inquiries", "received"], queryFn: () => data(api.inquiries.$get()) });
