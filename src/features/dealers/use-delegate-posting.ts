import { useApiForm } from "~/client/use-api-form";
import { delegatePostingInputSchema } from "~/contracts/dealer-people";
import type { DelegationResult } from "~/domain/dealer-people";
import { m } from "~/paraglide/messages";
import { delegatePosting } from "./dealers.mutations";

/** `POST postings/{code}/delegate`: hands the posting to a salesperson of the dealership (by mobile number). */
export function useDelegatePosting(code: string, onDelegated: (result: DelegationResult) => void) {
  const form = useApiForm({
    schema: delegatePostingInputSchema,
    mutationFn: ({ phoneNumber }) => delegatePosting(code, phoneNumber),
    onSuccess: onDelegated,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
  const marked = Object.keys(form.fieldErrors).length > 0;
  /** The one message of the dialog: the server's, or the number's. */
  const error = form.formError ?? (marked ? (form.fieldErrors.phoneNumber ?? m.error_generic()) : null);
  return { ...form, error };
}
