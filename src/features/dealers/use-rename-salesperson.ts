import { useApiForm } from "~/client/use-api-form";
import { updateSalespersonInputSchema } from "~/contracts/dealer-people";
import { m } from "~/paraglide/messages";
import { updateSalesperson } from "./dealers.mutations";

/** `POST dealer/salespeople/{phoneNumber}`: a salesperson's new names. */
export function useRenameSalesperson(phoneNumber: string, onSaved: () => Promise<void>) {
  return useApiForm({
    schema: updateSalespersonInputSchema,
    mutationFn: (input) => updateSalesperson(phoneNumber, input),
    onSuccess: () => onSaved(),
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
