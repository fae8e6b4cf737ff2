// Posting badge candidacy (spec): "Good buy needs Verified; Promising needs odometer, owner and
// registration-outcome histories; Verified if not yet given; Financing is never a candidate."
// Promising is also granted automatically when the vehicle's record is clean.
import { odometerHistory, type OdometerReading } from "./odometer";

/** Badges an editor may grant by hand; FINANCING comes from a leasing offer, never from here. */
export type CandidateBadge = "VERIFIED" | "GOOD_BUY" | "PROMISING";

export type BadgeFlags = { verified: boolean; goodBuy: boolean; promising: boolean; financing: boolean };

export type BadgeCandidacyInput = {
  /** Badges the posting already has. */
  badges: BadgeFlags;
  hiddenVin: boolean;
  historyOdometer: readonly OdometerReading[];
  historyOwnerAge: readonly unknown[];
  historyRegistrationOutcomes: readonly unknown[];
  /** Found in the stolen-vehicles register. */
  registerStolen: boolean;
  /** Found in the pledged-vehicles register. */
  registerPledged: boolean;
};

/** Odometer, owner and registration-outcome histories are all known (non-empty). */
export function hasFullHistory(p: BadgeCandidacyInput): boolean {
  return p.historyOdometer.length > 0 && p.historyOwnerAge.length > 0 && p.historyRegistrationOutcomes.length > 0;
}

/**
 * A reading lower than an earlier one (a rolled-back odometer). Readings that cannot be
 * checked (unparsable date, negative or non-finite km) count as an anomaly: nothing is
 * vouched for on data we cannot read.
 */
export function hasOdometerAnomaly(readings: readonly OdometerReading[]): boolean {
  try {
    return odometerHistory(readings).hasAnomaly;
  } catch (e) {
    if (e instanceof RangeError) return true;
    throw e;
  }
}

/**
 * Badges that may still be granted to the posting, in display order. A badge it already has
 * is never a candidate; Good buy only once Verified is given; Promising only with all three
 * histories known; Financing never.
 */
export function badgeCandidates(p: BadgeCandidacyInput): CandidateBadge[] {
  const out: CandidateBadge[] = [];
  if (!p.badges.verified) out.push("VERIFIED");
  if (p.badges.verified && !p.badges.goodBuy) out.push("GOOD_BUY");
  if (!p.badges.promising && hasFullHistory(p)) out.push("PROMISING");
  return out;
}

/**
 * Whether the vehicle qualifies for Promising automatically: all three histories known, no
 * odometer anomaly, VIN not hidden, and in neither the stolen nor the pledged register.
 * Independent of whether the posting already has the badge (so `promising = autoPromising(p)`
 * is idempotent); false means only "not granted automatically": it never revokes, and an editor may still grant it by hand.
 */
export function autoPromising(p: BadgeCandidacyInput): boolean {
  return (
    hasFullHistory(p) &&
    !p.hiddenVin &&
    !p.registerStolen &&
    !p.registerPledged &&
    !hasOdometerAnomaly(p.historyOdometer)
  );
}
