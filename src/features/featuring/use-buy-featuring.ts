import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import type { FeaturingChoice } from "./components/featuring-options";

/** Where a purchase returns: the success page with the days bought, or the payment-error page. */
export const featuringReturnPaths = (postId: number | string, days: number) => ({
  successUrl: `/oglasevanje/${postId}/konec?days=${days}`,
  cancelUrl: `/oglasevanje/${postId}/napaka`,
});

/**
 * Buys a featuring choice and follows the result (spec section 4): to the card checkout, to the
 * success page when redeemed, to the payment-error page when failed. A 4xx comes back as its message.
 */
export function useBuyFeaturing() {
  const navigate = useNavigate();
  return useCallback(
    async (postId: number | string, choice: FeaturingChoice): Promise<string | null> => {
      const paths = featuringReturnPaths(postId, choice.days);
      try {
        const result = await api.buyPricingItem(postId, {
          numberOfDays: choice.days,
          package: choice.package,
          ...paths,
        });
        if (result.result === "payment") window.location.assign(result.url);
        else if (result.result === "redeemed")
          await navigate({ href: featuringReturnPaths(postId, result.days).successUrl });
        else await navigate({ href: paths.cancelUrl });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.statusCode < 500) return error.firstMessage;
        await navigate({ href: paths.cancelUrl });
        return null;
      }
    },
    [navigate],
  );
}
