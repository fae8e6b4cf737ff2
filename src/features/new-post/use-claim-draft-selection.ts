import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import { draftMessages } from "~/contracts/drafts";
import { hasValidatedPhone, type Me } from "~/domain/user";
import { signInStepHref, stepHref } from "~/domain/wizard-steps";

/**
 * `POST draft-selection/{token}/claim`, once on arrival: the choice made before signing in becomes the
 * seller's draft (a reload finds the same draft), then on to its details or the sign-in step's phone
 * question. A VIN already in use goes back to step 1 with its message; anything else is the error.
 */
export function useClaimDraftSelection(me: Me, selection: string): string | null {
  const navigate = useNavigate();
  const form = useApiForm({
    mutationFn: (token: string) => data(api["draft-selection"][":token"].claim.$post({ param: { token } })),
    onSuccess: (draft) =>
      navigate({
        href: hasValidatedPhone(me) ? stepHref("details", draft.id) : signInStepHref({ draftId: draft.id }),
        replace: true,
      }),
    onError: (e) => {
      if (e instanceof ApiError && e.statusCode === 409 && e.firstMessage === draftMessages.duplicateVin) {
        form.setFormError(null);
        void navigate({ href: "/nov-oglas?vinDuplicateError=true", replace: true });
      }
    },
    formErrorWithFields: true,
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void form.submit(selection);
  }, [form, selection]);
  return form.formError;
}
