import { useRef, useState } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import type { PostingStatus } from "~/domain/enums/posting";
import { m } from "~/paraglide/messages";

/** What a row's button does: delete the draft, or move the posting to another status. */
export type MyPostingAction = { kind: "delete" } | { kind: "status"; status: PostingStatus };

/**
 * The seller's list actions: `DELETE draft/{code}` or `POST postings/{code}/status`, then the list reloads
 * and says it is done; a refusal shows the server's first message (spec: delete and status update rethrow it).
 */
export function useMyPostingAction() {
  const [done, setDone] = useState<string | null>(null);
  // The row the write is for: its buttons are the ones disabled while the helper is busy.
  const row = useRef<string | null>(null);
  const form = useApiForm({
    mutationFn: async ({ code, action }: { code: string; action: MyPostingAction }) => {
      const param = { code };
      if (action.kind === "delete") await data(api.draft[":code"].$delete({ param }));
      else await data(api.postings[":code"].status.$post({ param, json: { status: action.status } }));
      return true;
    },
    invalidates: [["my-postings"]],
    onSuccess: () => setDone(m.my_postings_done()),
    formErrorWithFields: true,
  });
  /** Answers whether the write went through (a confirmation dialog closes on it). */
  const act = async (code: string, action: MyPostingAction) => {
    setDone(null);
    if (!form.busy) row.current = code;
    return (await form.submit({ code, action })) === true;
  };
  const message = form.formError ? { text: form.formError, error: true } : done ? { text: done, error: false } : null;
  // The confirmation dialog shows the same write's busy state and refusal.
  const write = { busy: form.busy, formError: form.formError, reset: form.reset };
  return { act, busyCode: form.busy ? row.current : null, message, write };
}
