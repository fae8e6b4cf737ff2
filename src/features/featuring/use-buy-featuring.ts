import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import type { FeaturingChoice } from "~/domain/featuring";
import { pricingItemsQueryOptions } from "./featuring.queries";

/**
 * Where a purchase returns: the success page with the days bought; the payment page (spec: "cancelled or
 * failed"), which sends a cancelled checkout back to the packages with the choice kept (decision 062);
 * and the same page without the reason for a purchase that failed.
 */
export const featuringReturnPaths = (postId: number | string, choice: FeaturingChoice) => ({
  successUrl: `/oglasevanje/${postId}/konec?days=${choice.days}`,
  cancelUrl: `/oglasevanje/${postId}/napaka?razlog=preklicano&paket=${choice.package}&dni=${choice.days}`,
  failedUrl: `/oglasevanje/${postId}/napaka`,
});

/**
 * `POST postings/{id}/buy-pricing-item`: buys a featuring choice and follows the result (spec section 4):
 * to the card checkout, to the success page when redeemed, to the payment-error page when failed. A 4xx
 * comes back as its message (the refusal to show); null when the page moves on.
 */
export function useBuyFeaturing() {
  const navigate = useNavigate();
  const form = useApiForm({
    mutationFn: async ({ postId, choice }: { postId: number | string; choice: FeaturingChoice }) => {
      const { failedUrl, ...paths } = featuringReturnPaths(postId, choice);
      try {
        const result = await data(
          api.postings[":code"]["buy-pricing-item"].$post({
            param: { code: String(postId) },
            json: { numberOfDays: choice.days, package: choice.package, ...paths },
          }),
        );
        if (result.result === "payment") window.location.assign(result.url);
        else if (result.result === "redeemed")
          await navigate({ href: featuringReturnPaths(postId, { ...choice, days: result.days }).successUrl });
        else await navigate({ href: failedUrl });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.statusCode < 500) return error.firstMessage;
        await navigate({ href: failedUrl });
        return null;
      }
    },
  });
  return {
    buy: async (postId: number | string, choice: FeaturingChoice): Promise<string | null> =>
      (await form.submit({ postId, choice })) ?? null,
    busy: form.busy,
  };
}

/** `DELETE postings/{id}/buy-pricing-item`: cancels featuring; `onDone` gets whether it went through (any error is a no). */
export function useCancelFeaturing(postId: string, onDone: (ok: boolean) => void) {
  const queryClient = useQueryClient();
  const form = useApiForm({
    mutationFn: (code: string) =>
      data(api.postings[":code"]["buy-pricing-item"].$delete({ param: { code } })).then(
        () => true,
        () => false,
      ),
    onSuccess: async (ok) => {
      onDone(ok);
      if (ok) await queryClient.invalidateQueries({ queryKey: pricingItemsQueryOptions(postId).queryKey });
    },
  });
  return (code: string) => form.submit(code);
}
