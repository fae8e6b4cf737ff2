// Enumerated posting fields the server accepts only from their lists (spec section 3, issue 21):
// emission standard and country of first registration, in one canonical stored form each.
import { countryCodes, countryName, parseCountryCode } from "./countries";
import { euroStandardLabels, euroStandards, type EuroStandard } from "./enums/vehicle";
import { z } from "./zod-locale";

export const postingFieldMessages = {
  euroStandard: "Izberite emisijski razred s seznama (Euro 0 … Euro 6e).",
  country: "Izberite državo prve registracije s seznama.",
} as const;

export { countryCodes, countryName, parseCountryCode };

const euroByText = new Map<string, EuroStandard>();
for (const code of euroStandards) {
  euroByText.set(code.toLowerCase(), code);
  euroByText.set(euroStandardLabels[code].toLowerCase().replace(/\s+/g, ""), code);
}

/** The stored code of an emission standard: "6d", "Euro 6d", "EURO 6D" → "6d"; null when it is none of the list. */
export function parseEuroStandard(value: string): EuroStandard | null {
  return euroByText.get(value.trim().toLowerCase().replace(/\s+/g, "")) ?? null;
}

/** Request field: an emission standard of the list (stored as its code), null or absent. */
export const euroStandardFieldSchema = z
  .string({ error: postingFieldMessages.euroStandard })
  .max(20, { error: postingFieldMessages.euroStandard })
  .transform((v, ctx) => {
    if (v.trim() === "") return null;
    const code = parseEuroStandard(v);
    if (code) return code;
    ctx.addIssue({ code: "custom", message: postingFieldMessages.euroStandard });
    return z.NEVER;
  })
  .nullable()
  .optional();

/** Request field: an ISO 3166-1 alpha-2 country code, null or absent. */
export const countryFieldSchema = z
  .string({ error: postingFieldMessages.country })
  .max(10, { error: postingFieldMessages.country })
  .transform((v, ctx) => {
    if (v.trim() === "") return null;
    const code = parseCountryCode(v);
    if (code) return code;
    ctx.addIssue({ code: "custom", message: postingFieldMessages.country });
    return z.NEVER;
  })
  .nullable()
  .optional();
