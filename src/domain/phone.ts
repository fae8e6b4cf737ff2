// Phones (spec section 5, issue 21): one validity rule, one stored form (E.164, "+38641123456"),
// one display form ("+386 41 123 456"), for every path that stores a phone and every page that shows one.
// No zod here: pages that only show a phone import this file (e2e/page-weight.spec.ts); the request
// field schema is in phone-schema.ts.

// Mobile network prefixes (A1, Telekom, Telemach, T-2, HoT, …). Landlines (01–07 with a
// different second digit) are excluded because SMS verification cannot reach them.
export const slovenianMobilePrefixes = ["30", "31", "40", "41", "51", "64", "65", "68", "69", "70", "71"] as const;

// The spec's rule: optional "+", optional 2–3 digit area part, then at least 6 digits; single spaces
// or dashes (slashes, dots and brackets as people type them) may separate digit groups.
const phonePattern = /^\+?(?:\d{2,3}[ -]?)?(?:\d[ -]?){5,}\d$/;
const slovenia = "386";

/**
 * The stored (E.164) form of a phone, or null when it breaks the spec's rule: "041 123 456",
 * "+386 41 123 456", "00386 41 123 456" and "386 41 123 456" are all "+38641123456"; a number that
 * starts with "+" or "00" keeps its country; a national number (leading 0) is Slovenian.
 */
export function toCanonicalPhone(input: string): string | null {
  const typed = input
    .trim()
    .replace(/[/.()]/g, " ")
    .replace(/\s+/g, " ");
  if (!phonePattern.test(typed)) return null;
  const digits = typed.replace(/\D/g, "");
  let international: string;
  if (typed.startsWith("+")) international = digits;
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (digits.startsWith(slovenia) && digits.length === 11) international = digits;
  else international = slovenia + digits.replace(/^0/, "");
  // "+386 0 41 …": the redundant trunk 0 after the country code.
  if (international.startsWith(`${slovenia}0`)) international = slovenia + international.slice(4);
  return international.length >= 8 && international.length <= 15 ? `+${international}` : null;
}

// ITU-T E.164 country codes of one and two digits; all others have three.
const twoDigitCodes = new Set(
  "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split(
    " ",
  ),
);

/** A stored phone for display: "+386 41 123 456" (Slovenian numbers in 2-3-3 or 1-3-2-2), others "+CC" and groups of three. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const canonical = toCanonicalPhone(phone);
  if (!canonical) return phone;
  const digits = canonical.slice(1);
  if (digits.startsWith(slovenia)) {
    const n = digits.slice(3);
    // Mobiles (and 0800/090 style two-digit prefixes) read 2-3-3; landlines have a one-digit area code: 1-3-2-2.
    const mobile = (slovenianMobilePrefixes as readonly string[]).includes(n.slice(0, 2)) || /^[089]/.test(n);
    if (n.length === 8 && mobile) return `+386 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
    if (n.length === 8) return `+386 ${n.slice(0, 1)} ${n.slice(1, 4)} ${n.slice(4, 6)} ${n.slice(6)}`;
  }
  const ccLength = digits.startsWith("1") || digits.startsWith("7") ? 1 : twoDigitCodes.has(digits.slice(0, 2)) ? 2 : 3;
  const rest = digits.slice(ccLength).match(/\d{1,3}/g) ?? [];
  return [`+${digits.slice(0, ccLength)}`, ...rest].join(" ");
}
