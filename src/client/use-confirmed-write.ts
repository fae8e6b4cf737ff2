import type { QueryKey } from "@tanstack/react-query";
import { useApiForm } from "./use-api-form";

/**
 * A write the user confirms in `ConfirmDialog` (a deletion, a decision, a take-over): no fields, one
 * request per tap while `busy`, and a refusal's first message (else the generic one) stays in the dialog
 * as `formError`. Built on the one form helper, like every write of the UI.
 */
export function useConfirmedWrite<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  onDone: (data: TData, vars: TVars) => unknown,
  invalidates?: QueryKey[],
) {
  return useApiForm<TVars, TData>({ mutationFn, onSuccess: onDone, invalidates, formErrorWithFields: true });
}
