import { useState } from "react";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { acceptDealerInvitation, declineDealerInvitation } from "./dealers.mutations";

export type InvitationAnswer = { kind: "accepted"; name: string } | { kind: "declined" };

/** Accept (`POST dealer-invitations/{token}/accept`, answers the team's name) or decline the invitation. */
export function useAnswerInvitation(token: string) {
  const [answer, setAnswer] = useState<InvitationAnswer | null>(null);
  const form = useApiForm({
    mutationFn: async (accept: boolean): Promise<InvitationAnswer> =>
      accept
        ? { kind: "accepted", name: (await acceptDealerInvitation(token)).dealershipName }
        : declineDealerInvitation(token).then(() => ({ kind: "declined" }) as const),
    onSuccess: setAnswer,
    fallbackMessage: () => m.inv_failed(),
    formErrorWithFields: true,
  });
  return { respond: (accept: boolean) => form.submit(accept), answer, busy: form.busy, error: form.formError };
}
