import { useApiForm } from "~/client/use-api-form";
import { adminSalespersonInputSchema } from "~/contracts/admin-dealers";
import { m } from "~/paraglide/messages";
import { addAdminSalesperson } from "./admin.mutations";

type Added = Awaited<ReturnType<typeof addAdminSalesperson>>;

/** `POST admin/salespeople`: a salesperson for the chosen dealership (refused for a phone of another dealer). */
export function useAddSalesperson(onAdded: (added: Added, dealershipCode: string) => void) {
  return useApiForm({
    schema: adminSalespersonInputSchema,
    mutationFn: (input) => addAdminSalesperson(input),
    onSuccess: (added, input) => onAdded(added, input.dealershipCode),
    fallbackMessage: () => m.error_generic(),
  });
}
