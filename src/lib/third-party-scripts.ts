import { analyticsLocation } from "./analytics-location";
import { getThirdPartyScripts, type ThirdPartyScripts } from "./third-party.functions";

// Third-party scripts (analytics, ads): loaded once, async, only from effects after some consent was given
// (the consent itself is src/client/consent.ts).

const scripts = new Map<string, Promise<void>>();

/** Adds an async script once; never render-blocking, called only from effects (after hydration). */
export function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`script failed: ${src}`));
    };
    document.head.appendChild(script);
  });
  scripts.set(src, loading);
  return loading;
}

let sources: Promise<ThirdPartyScripts> | null = null;

/** The script addresses of this deployment, asked once and only after some consent was given. */
export function thirdPartyScripts(): Promise<ThirdPartyScripts> {
  sources ??= getThirdPartyScripts().catch((error: unknown) => {
    sources = null;
    throw error;
  });
  return sources;
}

type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** Starts analytics (Google tag); only ever called with analytics consent. */
export async function startAnalytics() {
  const src = await thirdPartyScripts();
  const w = window as AnalyticsWindow;
  if (!w.gtag) {
    w.dataLayer = w.dataLayer ?? [];
    // The Google tag reads the `arguments` objects it queued, not arrays.
    w.gtag = function gtag() {
      w.dataLayer?.push(arguments);
    };
    w.gtag("js", new Date());
    // Page views are sent by `sendPageView`, with an address without secrets (decision 075).
    w.gtag("config", src.measurementId, {
      anonymize_ip: true,
      send_page_view: false,
      page_location: analyticsLocation(window.location.href),
    });
  }
  await loadScript(src.analytics);
}

/** One page view for the current page, its address stripped of tokens and personal values (decision 075). */
export function sendPageView() {
  const w = window as AnalyticsWindow;
  const page_location = analyticsLocation(window.location.href);
  // Set for every later event of this page too (scrolls, clicks), not only for the page view.
  w.gtag?.("set", { page_location });
  w.gtag?.("event", "page_view", { page_location, page_title: document.title });
}
