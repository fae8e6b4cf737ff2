import { describe, expect, it } from "vitest";
import { adSlotFate, adsActive, searchAdIndex, shouldShowInterstitial } from "./ads";
import { acceptAllChoice } from "./consent";

describe("ads", () => {
  it("need both the GPT flag and marketing consent", () => {
    expect(adsActive(true, acceptAllChoice)).toBe(true);
    expect(adsActive(false, acceptAllChoice)).toBe(false);
    expect(adsActive(true, { analytics: true, marketing: false })).toBe(false);
    expect(adsActive(true, null)).toBe(false);
  });

  it("take no space when they will never be filled: ads off, or refused in the cookie choice (issue 24)", () => {
    expect(adSlotFate(true, acceptAllChoice)).toBe("filled");
    expect(adSlotFate(true, null)).toBe("reserved");
    expect(adSlotFate(true, { analytics: true, marketing: false })).toBe("none");
    expect(adSlotFate(true, { analytics: false, marketing: false })).toBe("none");
    expect(adSlotFate(false, acceptAllChoice)).toBe("none");
    expect(adSlotFate(false, null)).toBe("none");
  });

  it("place the in-results slot after a full row, and not on short pages", () => {
    expect(searchAdIndex(24, 6)).toBe(5);
    expect(searchAdIndex(7, 6)).toBe(5);
    expect(searchAdIndex(6, 6)).toBeNull();
    expect(searchAdIndex(0, 6)).toBeNull();
  });

  it("show the interstitial only on phones and tablets, from the second page view, once per session", () => {
    const base = {
      adsActive: true,
      pageViews: 2,
      shownThisSession: false,
      viewportWidth: 390,
      desktopBreakpointPx: 992,
    };
    expect(shouldShowInterstitial(base)).toBe(true);
    expect(shouldShowInterstitial({ ...base, viewportWidth: 820 })).toBe(true);
    expect(shouldShowInterstitial({ ...base, viewportWidth: 992 })).toBe(false);
    expect(shouldShowInterstitial({ ...base, pageViews: 1 })).toBe(false);
    expect(shouldShowInterstitial({ ...base, shownThisSession: true })).toBe(false);
    expect(shouldShowInterstitial({ ...base, adsActive: false })).toBe(false);
  });
});
