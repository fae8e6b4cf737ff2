import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { apiFailure } from "~/client/field-errors";
import { useApiForm } from "~/client/use-api-form";
import type { NoticeMessage } from "~/components/ui/notice";
import { formatSlovenianMobile, type Salesperson } from "~/domain/dealer-people";
import { m } from "~/paraglide/messages";
import { inviteSalesperson, sendSalespersonStockLink } from "./dealers.mutations";
import { salespeopleQueryOptions } from "./people.queries";

/**
 * A salesperson's SMS: with an account, the link to the stock; without one, the team invitation (then the
 * list reloads, for its date). The outcome is the page's notice.
 */
export function useSendSalespersonSms(onNotice: (notice: NoticeMessage | null) => void) {
  const queryClient = useQueryClient();
  // The row the SMS is for: its button is the one disabled while the helper is busy.
  const row = useRef<string | null>(null);
  const form = useApiForm({
    mutationFn: async (s: Salesperson) => {
      const phone = formatSlovenianMobile(s.phoneNumber);
      if (s.hasAccount) {
        await sendSalespersonStockLink(s.phoneNumber);
        return { text: m.dpeople_link_sent({ phone }), invited: false };
      }
      await inviteSalesperson(s.phoneNumber);
      return { text: m.dpeople_invite_sent({ phone }), invited: true };
    },
    onSuccess: async ({ text, invited }) => {
      onNotice({ text, error: false });
      if (invited) await queryClient.invalidateQueries({ queryKey: salespeopleQueryOptions().queryKey });
    },
    onError: (e) => onNotice({ text: apiFailure(e, m.error_generic()).message, error: true }),
  });
  const send = async (s: Salesperson) => {
    if (!form.busy) row.current = s.phoneNumber;
    onNotice(null);
    await form.submit(s);
  };
  return { send, sendingTo: form.busy ? row.current : null };
}
