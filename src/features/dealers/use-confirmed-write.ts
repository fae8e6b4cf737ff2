import { useRef } from "react";
import { type ApiFormOptions, useApiForm } from "~/client/use-api-form";

/**
 * A write the user confirms in `ConfirmDialog` (which keeps a failure in the dialog by catching what its
 * `onConfirm` throws): it runs through the form helper (one request per tap) and rethrows the failure.
 */
export function useConfirmedWrite<TVars, TData>(options: Omit<ApiFormOptions<TVars, TData, TVars>, "onError">) {
  const failure = useRef<unknown>(null);
  const form = useApiForm<TVars, TData>({
    ...options,
    onError: (error) => {
      failure.current = error;
    },
  });
  return async (vars: TVars): Promise<void> => {
    failure.current = null;
    await form.submit(vars);
    if (failure.current) throw failure.current;
  };
}
