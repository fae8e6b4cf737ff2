import { describe, expect, it } from "vitest";
import { postingReviewMessages, postingReviewSchema } from "./admin-posting-review";

const base = { badgeVerified: false, badgeGoodBuy: false, badgePromising: false };
const issues = (v: unknown) => {
  const r = postingReviewSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("posting review badges", () => {
  it("asks for a short description of Verified and Good buy", () => {
    expect(issues({ ...base, badgeVerified: true, badgeVerifiedDescription: "  " })).toEqual([
      `badgeVerifiedDescription: ${postingReviewMessages.badgeDescription}`,
    ]);
    expect(
      issues({
        ...base,
        badgeVerified: true,
        badgeVerifiedDescription: "Pregled 120 točk, 3. 11. 2026",
        badgeGoodBuy: true,
      }),
    ).toEqual([`badgeGoodBuyDescription: ${postingReviewMessages.badgeDescription}`]);
  });
  it("gives Good buy only together with Verified", () => {
    expect(issues({ ...base, badgeGoodBuy: true, badgeGoodBuyDescription: "Cena pod povprečjem" })).toEqual([
      `badgeGoodBuy: ${postingReviewMessages.goodBuyNeedsVerified}`,
    ]);
    expect(
      issues({
        ...base,
        badgeVerified: true,
        badgeVerifiedDescription: "Pregled",
        badgeGoodBuy: true,
        badgeGoodBuyDescription: "Cena pod povprečjem",
      }),
    ).toEqual([]);
  });
  it("takes corrections in cents (decision 050) and whole kilometres", () => {
    expect(issues({ ...base, price: 1_249_050, odometerKm: 85_000, modelYear: 2019 })).toEqual([]);
    expect(issues({ ...base, price: 12_490.5 })).toHaveLength(1);
    expect(issues({ ...base, odometerKm: 12.5 })).toHaveLength(1);
  });
});
