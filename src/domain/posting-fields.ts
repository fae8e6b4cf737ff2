// Enumerated posting fields the server accepts only from their lists (spec section 3, issue 21):
// emission standard and country of first registration, in one canonical stored form each.
import { euroStandardLabels, euroStandards, type EuroStandard } from "./enums";
import { z } from "./zod-locale";

export const postingFieldMessages = {
  euroStandard: "Izberite emisijski razred s seznama (Euro 0 … Euro 6e).",
  country: "Izberite državo prve registracije s seznama.",
} as const;

/** ISO 3166-1 alpha-2 codes (officially assigned), the stored form of a country of first registration. */
export const countryCodes = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK"
).split(" ");
const countrySet = new Set(countryCodes);

/** An ISO code (any case, surrounding spaces ignored) or null when it is not a country. */
export function parseCountryCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return countrySet.has(code) ? code : null;
}

/** A country's Slovenian name for display ("SI" → "Slovenija"); the code itself where Intl has none. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["sl"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

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
