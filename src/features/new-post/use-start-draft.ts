import { useNavigate } from "@tanstack/react-router";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import type { CreateDraftInput } from "~/contracts/drafts";
import { draftMessages } from "~/domain/posting-field-table/define";
import { hasValidatedPhone, type Me } from "~/domain/user";
import { signInStepHref, stepHref } from "~/domain/wizard-steps";
import { m } from "~/paraglide/messages";

/**
 * Step 1's "Naprej" (from the VIN, or from the trim chosen for a make and model): a signed-in seller gets
 * the draft at once (`POST draft`) and goes to the vehicle details (through the sign-in step when the phone
 * is not validated); a signed-out one leaves the choice on the server (`POST draft-selection`) and signs in
 * with its token in the return path, so any tab or browser that opens the sign-in link continues with it
 * (decision 046).
 */
export function useStartDraft(me: Me | null) {
  const navigate = useNavigate();
  const form = useApiForm({
    mutationFn: async (input: CreateDraftInput) => {
      if (!me) {
        const { token } = await data(api["draft-selection"].$post({ json: input }));
        return signInStepHref({ selection: token });
      }
      const draft = await data(api.draft.$post({ json: input }));
      return hasValidatedPhone(me) ? stepHref("details", draft.id) : signInStepHref({ draftId: draft.id });
    },
    onSuccess: (href) => navigate({ href }),
    onError: async (e) => {
      if (e instanceof ApiError && e.statusCode === 409 && e.firstMessage === draftMessages.duplicateVin) {
        await navigate({ href: "/nov-oglas?vinDuplicateError=true" });
        form.setFormError(m.wizard_duplicate_vin());
      }
    },
    formErrorWithFields: true,
  });
  return { start: form.submit, busy: form.busy, error: form.formError, setError: form.setFormError };
}
