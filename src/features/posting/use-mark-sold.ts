import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useConfirmedWrite } from "~/client/use-confirmed-write";
import { postingQueryOptions } from "./posting.queries";

/**
 * "Označi kot prodano" from the owner bar: `POST postings/{code}/status {SOLD}` confirmed in the dialog, then
 * the page loads the posting again (the seller sees it sold, as buyers no longer see it at all).
 */
export function useMarkSold(postId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useConfirmedWrite(
    (code: string) => data(api.postings[":code"].status.$post({ param: { code }, json: { status: "SOLD" } })),
    async () => {
      queryClient.removeQueries({ queryKey: postingQueryOptions(String(postId)).queryKey });
      await router.invalidate();
      onDone();
    },
  );
}
