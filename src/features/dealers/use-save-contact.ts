import { useApiForm } from "~/client/use-api-form";
import { dealerContactInputSchema } from "~/contracts/dealer-people";
import type { DealerContact } from "~/domain/dealer-people";
import { m } from "~/paraglide/messages";
import { saveDealerContact } from "./dealers.mutations";

/** `POST dealer/contacts`: adds a contact, or updates the one with `id`; a refusal marks its fields and says why. */
export function useSaveContact(onSaved: (contact: DealerContact) => Promise<void>) {
  return useApiForm({
    schema: dealerContactInputSchema,
    mutationFn: (input) => saveDealerContact(input),
    onSuccess: (saved) => onSaved(saved),
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
