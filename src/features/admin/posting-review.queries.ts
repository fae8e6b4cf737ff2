import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data, pageParam } from "~/client/api-client";
import type { PostingReviewTab } from "~/contracts/admin-posting-review";

export type PostingReviewSearch = { tab?: PostingReviewTab; q?: string; page?: number };

/** `GET posting-review`: one page of the tab's postings. */
export const postingReviewQueryOptions = (s: PostingReviewSearch) =>
  queryOptions({
    queryKey: ["posting-review", s],
    queryFn: () => data(api["posting-review"].$get({ query: { ...s, page: pageParam(s.page) } })),
    staleTime: 0,
  });
