import { useApiForm } from "~/client/use-api-form";
import { type AdminDealership, adminDealershipInputSchema } from "~/contracts/admin-dealers";
import { m } from "~/paraglide/messages";
import { createAdminDealership, updateAdminDealership } from "./admin.mutations";

/**
 * `POST dealer` (new) or `POST dealer/{code}`: every field of the dealership. Marked fields also get the
 * form's "check the marked fields" line; a server refusal shows its first message.
 */
export function useSaveDealership(
  dealership: AdminDealership | null,
  onSaved: (saved: AdminDealership, created: boolean) => void,
) {
  const form = useApiForm({
    schema: adminDealershipInputSchema,
    mutationFn: (input) =>
      dealership?.code ? updateAdminDealership(dealership.code, input) : createAdminDealership(input),
    onSuccess: (saved) => onSaved(saved, !dealership),
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
  const marked = Object.keys(form.fieldErrors).length > 0;
  return { ...form, formError: form.formError ?? (marked ? m.adealers_form_errors() : null) };
}
