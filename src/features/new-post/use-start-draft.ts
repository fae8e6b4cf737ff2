import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { hasValidatedPhone, type Me } from "~/domain/user";
import { signInStepHref, stepHref } from "~/domain/wizard-steps";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { type CreateDraftInput, draftMessages } from "~/contracts/drafts";

/**
 * Step 1's "Naprej" (from the VIN, or from the trim chosen for a make and model): a signed-in seller gets
 * the draft at once and goes to the vehicle details (through the sign-in step when the phone is not
 * validated); a signed-out one leaves the choice on the server and signs in with its token in the
 * return path, so any tab or browser that opens the sign-in link continues with it (decision 046).
 */
export function useStartDraft(me: Me | null) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start(input: CreateDraftInput) {
    setBusy(true);
    setError(null);
    try {
      if (!me) {
        const { token } = await api.createDraftSelection(input);
        await navigate({ href: signInStepHref({ selection: token }) });
        return;
      }
      const draft = await api.createDraft(input);
      await navigate({
        href: hasValidatedPhone(me) ? stepHref("details", draft.id) : signInStepHref({ draftId: draft.id }),
      });
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 409 && e.firstMessage === draftMessages.duplicateVin) {
        await navigate({ href: "/nov-oglas?vinDuplicateError=true" });
        setError(m.wizard_duplicate_vin());
      } else {
        setError(e instanceof ApiError ? e.firstMessage : m.error_generic());
      }
      setBusy(false);
    }
  }

  return { start, busy, error, setError };
}
