import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { deleteEquipmentDescriptor } from "./admin.mutations";

/** `DELETE equipment-descriptor/{id}`: postings no longer show the descriptor under »več«. */
export function useDeleteEquipmentDescriptor(onDeleted: () => void) {
  return useApiForm({
    mutationFn: (id: number) => deleteEquipmentDescriptor(id),
    onSuccess: onDeleted,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
