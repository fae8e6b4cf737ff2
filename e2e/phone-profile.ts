import type { Page } from "@playwright/test";

// The throttled phone of the issues: 4× CPU slowdown and a 4G-like link (150 ms, 9 Mbit/s down, 1.5 Mbit/s up).
// Used by the seller's journey bench, the buyer's journeys and the early-tap tests.

export const phoneLink = {
  latency: 150,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
};

/** Throttles this page like a mid-range phone on 4G; the returned function lifts it again. */
export async function throttlePhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...phoneLink });
  return async () => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/**
 * Holds back the page's scripts matching `pattern` (every script by default) until the returned function is
 * called, so the steps before it surely happen before hydration (on a busy machine a throttled page could
 * otherwise hydrate between two steps).
 */
export async function holdScripts(page: Page, pattern: RegExp = /\.js(\?|$)/) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
