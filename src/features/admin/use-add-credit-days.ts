import { useQueryClient } from "@tanstack/react-query";
import { useApiForm } from "~/client/use-api-form";
import { creditDaysInputSchema } from "~/contracts/admin-dealers";
import { m } from "~/paraglide/messages";
import { addCreditDays } from "./admin.mutations";
import { creditDaysQueryOptions } from "./dealer-admin.queries";

/**
 * `POST dealer/{code}/credit-days`: grants the days and puts the answer (balance and ledger) in the
 * dialog's query; `onAdded` gets the amount and the new balance.
 */
export function useAddCreditDays(code: string, onAdded: (amount: number, advertisingDays: number) => void) {
  const queryClient = useQueryClient();
  return useApiForm<
    { amount: number; reason: string | null },
    Awaited<ReturnType<typeof addCreditDays>>,
    { amount: unknown; reason?: string | null }
  >({
    schema: creditDaysInputSchema,
    mutationFn: (input) => addCreditDays(code, input),
    onSuccess: (updated, input) => {
      queryClient.setQueryData(creditDaysQueryOptions(code).queryKey, updated);
      onAdded(input.amount, updated.advertisingDays);
    },
    fallbackMessage: () => m.error_generic(),
  });
}
