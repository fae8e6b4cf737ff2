import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { allows } from "~/domain/consent";
import { useConsent } from "~/client/consent";
import { sendPageView, startAnalytics } from "~/lib/third-party-scripts";

/**
 * Starts analytics only once the visitor allowed it, after hydration and never render-blocking, and sends a
 * page view for each page the visitor then sees.
 * Ad scripts are started by the ad slots themselves (marketing consent and the GPT flag).
 */
export function ConsentScripts() {
  const analytics = allows(useConsent(), "analytics");
  // Every page, the first and each client-side navigation, is one page view (never with its tokens).
  const href = useRouterState({ select: (state) => state.resolvedLocation?.href });
  useEffect(() => {
    if (!analytics || href === undefined) return;
    void startAnalytics()
      .then(sendPageView)
      .catch(() => undefined); // a blocked tracker must not break the page
  }, [analytics, href]);
  return null;
}
