import type { OpeningHoursSpecification, WeekHours } from "./opening-hours";

/** `GET dealership/{code}` for everyone: the public page's data (no business or billing fields). */
export type PublicDealership = {
  code: string;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  webPage: string | null;
  social: { facebook: string | null; instagram: string | null; tiktok: string | null; youtube: string | null };
  /** The spec's weekly and Saturday hours (Monday's and Saturday's, decision 072), kept for compatibility. */
  hours: { weekdays: { from: string; to: string } | null; saturday: { from: string; to: string } | null };
  /** Each day's hours, or null when closed (decision 072). */
  openingHours: WeekHours;
  /** The same week as schema.org's `openingHoursSpecification`, for the page's AutoDealer JSON-LD (written on the server). */
  openingHoursSpecification: OpeningHoursSpecification[];
  logoUrl: string | null;
  bannerUrl: string | null;
  brands: { code: string; name: string }[];
  network: string | null;
  publishedPostings: number;
  views: number;
  /** True when the signed-in user may edit this page (a member of the dealership or an admin). */
  editable: boolean;
};

/** Who edits a dealership's page: its members (head or salesperson) and administrators. */
export function canEditDealership(
  user: { dealershipId: number | null; dealershipRole: string | null; amzsAdmin: boolean } | null | undefined,
  dealershipId: number,
): boolean {
  if (!user) return false;
  return (
    user.amzsAdmin ||
    (user.dealershipId === dealershipId && (user.dealershipRole === "HEAD" || user.dealershipRole === "SALESPERSON"))
  );
}

export const hoursMessages = {
  format: "Vnesite uro v obliki HH:MM (npr. 08:00).",
  both: "Vnesite obe uri (od in do) ali nobene.",
  order: "Ura odprtja mora biti pred uro zaprtja.",
} as const;

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with an opening-hours pair ("HH:MM" each, empty meaning not open), and on which
 * side; null when it is fine (both empty, or both valid with from before to).
 */
export function hoursProblem(from: string | null, to: string | null): { side: "from" | "to"; message: string } | null {
  const f = from?.trim() ?? "";
  const t = to?.trim() ?? "";
  if (f && !timePattern.test(f)) return { side: "from", message: hoursMessages.format };
  if (t && !timePattern.test(t)) return { side: "to", message: hoursMessages.format };
  if (!f && !t) return null;
  if (!f) return { side: "from", message: hoursMessages.both };
  if (!t) return { side: "to", message: hoursMessages.both };
  // Zero-padded 24-hour times compare correctly as strings.
  if (f >= t) return { side: "to", message: hoursMessages.order };
  return null;
}

/** Who signs a dealership up (spec section 7): the company and its responsible person. */
export type DealerSignupApplicant = {
  companyName: string;
  taxNumber: string;
  registrationNumber: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
};
