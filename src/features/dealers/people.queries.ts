import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** The dealership's salespeople (every member reads them). */
export const salespeopleQueryOptions = () =>
  queryOptions({
    queryKey: ["dealer-salespeople"],
    queryFn: () => data(api.dealer.salespeople.$get({ query: {} })),
    staleTime: 0,
  });

/** The dealership's contacts. */
export const dealerContactsQueryOptions = () =>
  queryOptions({
    queryKey: ["dealer-contacts"],
    queryFn: () => data(api.dealer.contacts.$get({ query: {} })),
    staleTime: 0,
  });

/** Whom the posting can be delegated to: everyone in its dealership, with their postings and the holder. */
export const postingDelegatesQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["posting-delegates", code],
    queryFn: () => data(api.postings[":code"].delegates.$get({ param: { code } })),
    staleTime: 0,
  });
