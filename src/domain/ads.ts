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
