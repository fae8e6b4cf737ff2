import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data, pageParam } from "~/client/api-client";

export type DealershipsSearch = { q?: string; page?: number };
export type SalespeopleSearch = { q?: string; page?: number; dealershipCode?: string };

/** `GET dealer`: one page of the admin dealership list. */
export const adminDealershipsQueryOptions = (s: DealershipsSearch) =>
  queryOptions({
    queryKey: ["admin-dealerships", s],
    queryFn: () => data(api.dealer.$get({ query: { q: s.q, page: pageParam(s.page) } })),
    staleTime: 0,
  });

/** Dealerships for pickers (the salesperson form): the first 100 by name. */
export const dealershipOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin-dealerships", "options"],
    queryFn: () => data(api.dealer.$get({ query: { size: "100" } })),
    staleTime: 60_000,
  });

/** `GET dealer/{code}/credit-days`: the balance and the ledger. */
export const creditDaysQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["admin-credit-days", code],
    queryFn: () => data(api.dealer[":code"]["credit-days"].$get({ param: { code } })),
    staleTime: 0,
  });

/** `GET dealer-network`. */
export const networksQueryOptions = () =>
  queryOptions({ queryKey: ["admin-networks"], queryFn: () => data(api["dealer-network"].$get()), staleTime: 0 });

/** `GET admin/salespeople`. */
export const adminSalespeopleQueryOptions = (s: SalespeopleSearch) =>
  queryOptions({
    queryKey: ["admin-salespeople", s],
    queryFn: () => data(api.admin.salespeople.$get({ query: { ...s, page: pageParam(s.page) } })),
    staleTime: 0,
  });

/** `GET admin/users?q=`. */
export const adminUsersQueryOptions = (q: string | undefined) =>
  queryOptions({
    queryKey: ["admin-users", q ?? ""],
    queryFn: () => data(api.admin.users.$get({ query: { q } })),
    staleTime: 0,
  });

/** `GET dealer-signup-interest`: pending or decided requests. */
export const signupRequestsQueryOptions = (status: "PENDING" | "DECIDED") =>
  queryOptions({
    queryKey: ["admin-signup-requests", status],
    queryFn: () => data(api["dealer-signup-interest"].$get({ query: { status } })),
    staleTime: 0,
  });
