import { formatDate } from "./format";
import { isWholeVin } from "./vin";

export type CampaignConfig = { start: string; end: string; giftCardEuros: number };

export type CampaignIneligible = "NO_VIN" | "NOT_PUBLISHED" | "OUTSIDE_WINDOW" | "OWN_POSTING";

/** Why a posting cannot carry the campaign's gift cards, in Slovenian (the window comes from configuration). */
export function campaignRefusal(reason: CampaignIneligible, campaign: CampaignConfig): string {
  switch (reason) {
    case "NO_VIN":
      return "Dobropis velja le za vozila z vpisano številko šasije (VIN).";
    case "NOT_PUBLISHED":
      return "Dobropis velja le za objavljene oglase.";
    case "OUTSIDE_WINDOW":
      return `Dobropis velja le za oglase, objavljene med ${formatDate(campaign.start)} in ${formatDate(new Date(Date.parse(campaign.end) - 1))}.`;
    case "OWN_POSTING":
      return "Dobropisa ne morete uveljaviti za svoj oglas.";
  }
}

/**
 * Whether a posting's sale may carry the gift cards: it has a VIN, was published (it may be sold since)
 * inside the campaign window for new postings, and the claimant is not its seller.
 */
export function campaignEligibility(
  posting: { vin: string | null; status: string; publishedAt: string | null; userId: number },
  claimantUserId: number | null,
  campaign: CampaignConfig,
): CampaignIneligible | null {
  // Only a whole, valid VIN names one vehicle: the claim is recorded once per VIN.
  if (!isWholeVin(posting.vin)) return "NO_VIN";
  if (!posting.publishedAt || (posting.status !== "PUBLISHED" && posting.status !== "SOLD")) return "NOT_PUBLISHED";
  const published = Date.parse(posting.publishedAt);
  if (!(published >= Date.parse(campaign.start) && published < Date.parse(campaign.end))) return "OUTSIDE_WINDOW";
  if (claimantUserId !== null && claimantUserId === posting.userId) return "OWN_POSTING";
  return null;
}

/** A gift card code: 12 characters without look-alikes, grouped for reading aloud (ABCD-EFGH-JKLM). */
export function giftCardCode(random: Uint8Array = crypto.getRandomValues(new Uint8Array(12))): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const chars = [...random].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
