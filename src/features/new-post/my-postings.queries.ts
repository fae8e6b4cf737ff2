import { queryOptions } from "@tanstack/react-query";
import { postingStatuses, type PostingStatus } from "~/domain/enums/posting";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** `?status=` of the posting lists: one of the posting statuses, anything else means all. */
export function postingStatusSearch(search: Record<string, unknown>): { status?: PostingStatus } {
  return (postingStatuses as readonly string[]).includes(String(search.status))
    ? { status: search.status as PostingStatus }
    : {};
}

/** `GET draft`: a private seller's postings, all or of one status. */
export const myPostingsQueryOptions = (status: PostingStatus | undefined) =>
  queryOptions({
    queryKey: ["my-postings", status ?? "all"],
    queryFn: () => data(api.draft.$get({ query: { status, size: "100" } })),
    staleTime: 0,
  });
