import type { DealerContact } from "~/domain/dealer-people";
import { deleteDealerContact } from "./dealers.mutations";
import { dealerContactsQueryOptions } from "./people.queries";
import { useConfirmedWrite } from "./use-confirmed-write";

/** `DELETE dealer/contacts/{id}` from the confirmation dialog, then the list reloads. */
export function useDeleteContact(onDeleted: (contact: DealerContact) => void) {
  return useConfirmedWrite({
    mutationFn: (contact: DealerContact) => deleteDealerContact(contact.id),
    onSuccess: (_, contact) => onDeleted(contact),
    invalidates: [dealerContactsQueryOptions().queryKey],
  });
}
