import { useState } from "react";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { claimCampaign } from "./campaign.queries";

/** The signed-in owner claims the posting's gift cards; a refusal shows the server's first message. */
export function useClaimCampaign(postingCode: string) {
  const [claimed, setClaimed] = useState(false);
  const form = useApiForm({
    mutationFn: () => claimCampaign(postingCode),
    onSuccess: () => setClaimed(true),
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
  return { claim: () => form.submit(undefined), claimed, busy: form.busy, error: form.formError };
}
