import { useConfirmedWrite } from "~/client/use-confirmed-write";
import type { DealerContact } from "~/domain/dealer-people";
import { deleteDealerContact } from "./dealers.mutations";
import { dealerContactsQueryOptions } from "./people.queries";

/** `DELETE dealer/contacts/{id}` from the confirmation dialog, then the list reloads. */
export const useDeleteContact = (onDeleted: (contact: DealerContact) => void) =>
  useConfirmedWrite(
    (contact: DealerContact) => deleteDealerContact(contact.id),
    (_, contact) => onDeleted(contact),
    [dealerContactsQueryOptions().queryKey],
  );
