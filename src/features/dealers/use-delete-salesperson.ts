import { useConfirmedWrite } from "~/client/use-confirmed-write";
import type { Salesperson } from "~/domain/dealer-people";
import { deleteSalesperson } from "./dealers.mutations";
import { salespeopleQueryOptions } from "./people.queries";

/** `DELETE dealer/salespeople/{phoneNumber}` from the confirmation dialog, then the list reloads. */
export const useDeleteSalesperson = (onDeleted: (salesperson: Salesperson) => void) =>
  useConfirmedWrite(
    (salesperson: Salesperson) => deleteSalesperson(salesperson.phoneNumber),
    (_, salesperson) => onDeleted(salesperson),
    [salespeopleQueryOptions().queryKey],
  );
