import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";
import type { PostingReviewTab } from "~/contracts/admin-posting-review";

export type PostingReviewSearch = { tab?: PostingReviewTab; q?: string; page?: number };

/** `GET posting-review`: one page of the tab's postings. */
export const postingReviewQueryOptions = (s: PostingReviewSearch) =>
  queryOptions({ queryKey: ["posting-review", s], queryFn: () => api.postingReview(s), staleTime: 0 });
