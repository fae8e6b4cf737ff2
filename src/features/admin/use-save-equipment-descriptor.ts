import { useApiForm } from "~/client/use-api-form";
import { type AdminEquipmentDescriptor, equipmentDescriptorInputSchema } from "~/contracts/admin-equipment";
import { m } from "~/paraglide/messages";
import { createEquipmentDescriptor, updateEquipmentDescriptor } from "./admin.mutations";

/** `POST equipment-descriptor` (new) or `POST equipment-descriptor/{id}`: the whole descriptor. */
export function useSaveEquipmentDescriptor(existing: AdminEquipmentDescriptor | null, onSaved: () => void) {
  return useApiForm({
    schema: equipmentDescriptorInputSchema,
    mutationFn: (input) =>
      existing ? updateEquipmentDescriptor(existing.id, input) : createEquipmentDescriptor(input),
    onSuccess: onSaved,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
