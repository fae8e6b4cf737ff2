import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { pricingItemsQueryOptions } from "./featuring.queries";

/**
 * `DELETE postings/{code}/checkout`: back from the checkout with "cancel", the checkout left open there (a card
 * provider's back link does not close it) is closed, so the seller can pay again at once (decision 062).
 */
export function useAbandonCheckout(postId: string) {
  const form = useApiForm({
    mutationFn: (code: string) => data(api.postings[":code"].checkout.$delete({ param: { code } })),
    invalidates: [pricingItemsQueryOptions(postId).queryKey],
  });
  return (code: string) => form.submit(code);
}
