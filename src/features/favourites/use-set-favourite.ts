import { useQueryClient } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import type { Me } from "~/domain/user";
import { meQueryOptions } from "~/client/use-session";

/**
 * Like (`POST postings/{code}/favorite`) or unlike (`DELETE`); the cached liked list changes only when the
 * server answers 201 or 204. A refusal changes nothing (the heart keeps its state).
 */
export function useSetFavourite(postId: number, code: string) {
  const queryClient = useQueryClient();
  const form = useApiForm({
    mutationFn: async (liked: boolean) => {
      const param = { code };
      const response = liked
        ? await api.postings[":code"].favorite.$post({ param })
        : await api.postings[":code"].favorite.$delete({ param });
      await data(response);
      return response.status;
    },
    onSuccess: (status, liked) => {
      if (status !== 201 && status !== 204) return;
      queryClient.setQueryData(meQueryOptions().queryKey, (prev: Me | null | undefined) =>
        prev
          ? {
              ...prev,
              likedPostings: liked ? [...prev.likedPostings, postId] : prev.likedPostings.filter((id) => id !== postId),
            }
          : prev,
      );
    },
  });
  return { setFavourite: (liked: boolean) => form.submit(liked), busy: form.busy };
}
