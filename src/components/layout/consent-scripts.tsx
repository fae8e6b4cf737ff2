import { useEffect } from "react";
import { allows } from "~/domain/consent";
import { useConsent } from "~/client/consent";
import { startAnalytics } from "~/lib/third-party-scripts";

/**
 * Starts analytics only once the visitor allowed it, after hydration and never render-blocking.
 * Ad scripts are started by the ad slots themselves (marketing consent and the GPT flag).
 */
export function ConsentScripts() {
  const analytics = allows(useConsent(), "analytics");
  useEffect(() => {
    if (analytics) void startAnalytics().catch(() => undefined); // a blocked tracker must not break the page
  }, [analytics]);
  return null;
}
