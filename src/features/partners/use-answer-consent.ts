import { useState } from "react";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { cancelOauthSession, finishOauthSession } from "./partners.mutations";

/**
 * Allow (`POST oauth2-session/{id}`) or deny (`DELETE`): either answer sends the browser back to the partner.
 * A session that expired or was cancelled meanwhile (410) goes to the spec's expiry screen.
 */
export function useAnswerConsent(sessionId: string) {
  // Set once the browser is on its way out: the buttons stay disabled until the page goes.
  const [leaving, setLeaving] = useState<"partner" | "expired" | null>(null);
  const form = useApiForm({
    mutationFn: (allow: boolean) => (allow ? finishOauthSession(sessionId) : cancelOauthSession(sessionId)),
    onSuccess: ({ redirectUrl }) => {
      setLeaving("partner");
      window.location.assign(redirectUrl);
    },
    onError: (e) => {
      if (!(e instanceof ApiError && e.statusCode === 410)) return;
      form.setFormError(null);
      setLeaving("expired");
      window.location.assign("/oauth/error");
    },
    fallbackMessage: () => m.partners_error_generic(),
    formErrorWithFields: true,
  });
  return {
    answer: (allow: boolean) => form.submit(allow),
    busy: form.busy || leaving !== null,
    redirecting: leaving === "partner",
    error: form.formError,
  };
}
