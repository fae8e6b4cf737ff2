import { useApiForm } from "~/client/use-api-form";
import { addSalespersonInputSchema } from "~/contracts/dealer-people";
import type { Salesperson } from "~/domain/dealer-people";
import { m } from "~/paraglide/messages";
import { addSalesperson } from "./dealers.mutations";

/** `POST dealer/salespeople`: a new salesperson (the invitation SMS goes out); a refusal marks its fields. */
export function useAddSalesperson(onAdded: (salesperson: Salesperson) => Promise<void>) {
  return useApiForm({
    schema: addSalespersonInputSchema,
    mutationFn: (input) => addSalesperson(input),
    onSuccess: (added) => onAdded(added),
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
