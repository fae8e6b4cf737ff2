import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

export const draftQueryOptions = (postId: string) =>
  queryOptions({ queryKey: ["draft", postId], queryFn: () => api.getDraft(postId), staleTime: 0 });
