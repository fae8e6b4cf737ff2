import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";

/** `PUT postings/{code}/favorite/price-alert`: an e-mail when this favourite's price drops, on or off. */
export function useSetPriceAlert(code: string) {
  const form = useApiForm({
    mutationFn: async (on: boolean) =>
      data(api.postings[":code"].favorite["price-alert"].$put({ param: { code }, json: { on } })),
    invalidates: [["favorites"]],
    fallbackMessage: () => m.favourites_price_alert_failed(),
  });
  return {
    setPriceAlert: (on: boolean) => form.submit(on),
    busy: form.busy,
    error: form.formError,
  };
}
