import { useState } from "react";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { verifyDealerSignupEmail } from "./dealers.mutations";

/** The applicant confirms the application's e-mail (`POST dealer-signup-interest/verify-email`, decision 034). */
export function useVerifyDealerSignupEmail(token: string) {
  const [done, setDone] = useState<{ email: string; company: string } | null>(null);
  const form = useApiForm({
    mutationFn: () => verifyDealerSignupEmail(token),
    onSuccess: (result) => setDone({ email: result.email, company: result.companyName }),
    fallbackMessage: () => m.dreg_confirm_failed(),
    formErrorWithFields: true,
  });
  return { confirm: () => form.submit(undefined), done, busy: form.busy, error: form.formError };
}
