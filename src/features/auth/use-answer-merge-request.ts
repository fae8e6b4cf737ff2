import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { safeReturnPath, withParam } from "~/domain/return-path";

type Answer = { confirm: true; id: number; takePhone: boolean } | { confirm: false };

/**
 * `POST me/merge-request` merges the legacy account (then a full load with success=true where the
 * server says); `DELETE me/merge-request` declines it and `onDeclined` shows so.
 */
export function useAnswerMergeRequest(onDeclined: () => void) {
  const form = useApiForm({
    mutationFn: async (answer: Answer) => {
      if (!answer.confirm) {
        await data(api.me["merge-request"].$delete());
        return null;
      }
      const { id, takePhone } = answer;
      return (await data(api.me["merge-request"].$post({ json: { id, takePhone } }))).redirectUrl;
    },
    leavesPage: (to) => to !== null,
    onSuccess: (to) => {
      if (to === null) return onDeclined();
      window.location.assign(withParam(safeReturnPath(to), "success", "true"));
    },
    formErrorWithFields: true,
  });
  return { answer: (answer: Answer) => form.submit(answer), busy: form.busy, error: form.formError };
}
