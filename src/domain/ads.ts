import type { ConsentChoice } from "./consent";

export const adSlotNames = ["searchResults", "postingBelowGallery", "postingSidebar", "interstitial"] as const;
export type AdSlotName = (typeof adSlotNames)[number];

/** Width × height in CSS pixels. */
export type AdSize = readonly [number, number];
/** A slot's creative size per layout; a missing layout means the slot is not shown there. */
export type AdSlotSizes = { mobile?: AdSize; desktop?: AdSize };

/** Real ads need the feature flag and the visitor's marketing consent; otherwise slots show a placeholder. */
export const adsActive = (gptEnabled: boolean, consent: ConsentChoice | null) =>
  gptEnabled && consent?.marketing === true;

/**
 * What a slot on a page does (issue 24): `filled` with the flag on and marketing consent; `reserved` (its exact
 * size kept free, no box drawn around nothing) while the visitor has not chosen, so accepting fills it without a
 * shift; `none` (no box, no gap) when ads are off or the visitor refused them: that slot will never be filled.
 */
export type AdSlotFate = "filled" | "reserved" | "none";
export function adSlotFate(gptEnabled: boolean, consent: ConsentChoice | null): AdSlotFate {
  if (!gptEnabled || consent?.marketing === false) return "none";
  return consent?.marketing === true ? "filled" : "reserved";
}

/** The card index after which the in-results slot sits: a full row on one, two and three columns; none on short pages. */
export function searchAdIndex(resultCount: number, after: number): number | null {
  return resultCount > after ? after - 1 : null;
}

export type InterstitialState = {
  adsActive: boolean;
  /** Page views in this browser session, the current one included. */
  pageViews: number;
  shownThisSession: boolean;
  viewportWidth: number;
  desktopBreakpointPx: number;
};

/** The mobile interstitial: phones and tablets only, never on the first page view, at most once per session. */
export function shouldShowInterstitial(s: InterstitialState): boolean {
  return s.adsActive && s.viewportWidth < s.desktopBreakpointPx && s.pageViews >= 2 && !s.shownThisSession;
}
