import { describe, expect, it } from "vitest";
import { campaignEligibility, campaignRefusal, giftCardCode } from "./campaign";

const campaign = { start: "2022-03-22T00:00:00+01:00", end: "2022-05-02T00:00:00+02:00", giftCardEuros: 10 };
const posting = { vin: "WVWZZZ1KZAW000001", status: "SOLD", publishedAt: "2022-04-10T08:00:00Z", userId: 7 };

describe("campaign eligibility", () => {
  it("accepts a posting published inside the window, also once sold", () => {
    expect(campaignEligibility(posting, 3, campaign)).toBeNull();
    expect(campaignEligibility({ ...posting, status: "PUBLISHED" }, null, campaign)).toBeNull();
  });
  it("uses the window's own time zones at both ends", () => {
    expect(campaignEligibility({ ...posting, publishedAt: "2022-03-21T23:00:00Z" }, 3, campaign)).toBeNull();
    expect(campaignEligibility({ ...posting, publishedAt: "2022-03-21T22:59:59Z" }, 3, campaign)).toBe(
      "OUTSIDE_WINDOW",
    );
    expect(campaignEligibility({ ...posting, publishedAt: "2022-05-01T21:59:59Z" }, 3, campaign)).toBeNull();
    expect(campaignEligibility({ ...posting, publishedAt: "2022-05-01T22:00:00Z" }, 3, campaign)).toBe(
      "OUTSIDE_WINDOW",
    );
  });
  it("refuses postings without a VIN, drafts and the seller's own posting", () => {
    expect(campaignEligibility({ ...posting, vin: null }, 3, campaign)).toBe("NO_VIN");
    expect(campaignEligibility({ ...posting, status: "DRAFT" }, 3, campaign)).toBe("NOT_PUBLISHED");
    expect(campaignEligibility(posting, 7, campaign)).toBe("OWN_POSTING");
  });
  it("explains the window with Slovenian dates (the last day, not the exclusive end)", () => {
    expect(campaignRefusal("OUTSIDE_WINDOW", campaign)).toBe(
      "Dobropis velja le za oglase, objavljene med 22. 3. 2022 in 1. 5. 2022.",
    );
  });
  it("makes readable gift card codes", () => {
    expect(giftCardCode(new Uint8Array(12))).toBe("AAAA-AAAA-AAAA");
    expect(giftCardCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });
});
