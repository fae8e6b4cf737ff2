import { useState } from "react";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { sendDealerSignupPin } from "./dealers.mutations";

/** `POST dealer-signup-interest/pin`: the password by SMS to the applicant's mobile (too many: the server's message). */
export function useSendDealerSignupPin() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useApiForm({
    mutationFn: (phoneNumber: string) => sendDealerSignupPin(phoneNumber),
    onSuccess: (_, phoneNumber) => setSentTo(phoneNumber),
    onError: (e): void =>
      form.setFormError(e instanceof ApiError && e.statusCode === 429 ? e.message : m.dreg_pin_send_failed()),
    formErrorWithFields: true,
  });
  const send = (phoneNumber: string) => {
    if (!form.busy) setSentTo(null);
    return form.submit(phoneNumber);
  };
  return { send, sending: form.busy, sentTo, error: form.formError };
}
