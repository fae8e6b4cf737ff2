import { useQueryClient } from "@tanstack/react-query";
import { apiFailure } from "~/client/field-errors";
import { useApiForm } from "~/client/use-api-form";
import type { NoticeMessage } from "~/components/ui/notice";
import type { PostingStatus } from "~/domain/enums/posting";
import { m } from "~/paraglide/messages";
import { setPostingStatus } from "./dealers.mutations";

const reasonOf = (failed: PromiseRejectedResult[]) => apiFailure(failed[0]?.reason, m.error_generic()).message;

/** What the stock says after a status change: one posting's outcome, or how many of a selection changed. */
function statusMessage(count: number, failed: PromiseRejectedResult[]): NoticeMessage {
  const ok = count - failed.length;
  if (count === 1)
    return failed.length ? { text: reasonOf(failed), error: true } : { text: m.my_postings_done(), error: false };
  return {
    text: failed.length
      ? m.stock_bulk_partial({ ok: String(ok), failed: String(failed.length), reason: reasonOf(failed) })
      : m.stock_bulk_done({ ok: String(ok) }),
    error: failed.length > 0,
  };
}

/**
 * `POST postings/{code}/status` for one posting or a selection (each on its own, so one refusal does not
 * stop the others); then the stock says how it went and reloads.
 */
export function useChangePostingStatus(onDone: (message: NoticeMessage) => void) {
  const queryClient = useQueryClient();
  const form = useApiForm({
    mutationFn: async ({ codes, to }: { codes: string[]; to: PostingStatus }) => {
      const results = await Promise.allSettled(codes.map((code) => setPostingStatus(code, to)));
      return statusMessage(
        codes.length,
        results.filter((r): r is PromiseRejectedResult => r.status === "rejected"),
      );
    },
    onSuccess: (message) => {
      onDone(message);
      void queryClient.invalidateQueries({ queryKey: ["my-postings"] });
    },
  });
  return { change: (codes: string[], to: PostingStatus) => form.submit({ codes, to }), busy: form.busy };
}
