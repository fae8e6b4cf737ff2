import type { Salesperson } from "~/domain/dealer-people";
import { deleteSalesperson } from "./dealers.mutations";
import { salespeopleQueryOptions } from "./people.queries";
import { useConfirmedWrite } from "./use-confirmed-write";

/** `DELETE dealer/salespeople/{phoneNumber}` from the confirmation dialog, then the list reloads. */
export function useDeleteSalesperson(onDeleted: (salesperson: Salesperson) => void) {
  return useConfirmedWrite({
    mutationFn: (salesperson: Salesperson) => deleteSalesperson(salesperson.phoneNumber),
    onSuccess: (_, salesperson) => onDeleted(salesperson),
    invalidates: [salespeopleQueryOptions().queryKey],
  });
}
