import { useQueryClient } from "@tanstack/react-query";
import { useApiForm } from "~/client/use-api-form";
import type { NoticeMessage } from "~/components/ui/notice";
import { m } from "~/paraglide/messages";
import { cancelFeaturing } from "./dealers.mutations";

/** `DELETE postings/{code}/buy-pricing-item`: featuring stops after today (spec section 4's messages). */
export function useCancelFeaturing(onDone: (message: NoticeMessage) => void) {
  const queryClient = useQueryClient();
  const form = useApiForm({
    mutationFn: (code: string) => cancelFeaturing(code),
    onSuccess: (ok) => {
      onDone(ok ? { text: m.feat_cancel_success(), error: false } : { text: m.feat_cancel_failure(), error: true });
      if (ok) void queryClient.invalidateQueries({ queryKey: ["my-postings"] });
    },
  });
  return { cancel: (code: string) => form.submit(code), busy: form.busy };
}
