import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/** The dealership's salespeople (every member reads them). */
export const salespeopleQueryOptions = () =>
  queryOptions({ queryKey: ["dealer-salespeople"], queryFn: () => api.salespeople(), staleTime: 0 });

/** The dealership's contacts. */
export const dealerContactsQueryOptions = () =>
  queryOptions({ queryKey: ["dealer-contacts"], queryFn: () => api.dealerContacts(), staleTime: 0 });
