import { hoursProblem } from "~/domain/dealership";
import { toCanonicalPhone } from "~/domain/phone";
import { weekHoursInputSchema, withOpeningHours } from "./opening-hours";
import { emailSchema, validationMessages } from "~/domain/validators";
import { z } from "~/domain/zod-locale";
import { isDealerWebAddress, withWebScheme } from "~/domain/web-address";

/** The Slovenian messages of the dealer page form and `POST dealership/{code}` (one place, for both and the tests). */
export const dealerPageMessages = {
  publicNameRequired: "Vnesite javno ime trgovca.",
  tooLong: "Vnos je predolg.",
  postalCode: "Poštna številka ima 4 števke.",
  url: "Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
  brand: "Neveljavna znamka.",
  unknownBrand: "Izbrane znamke ni med znamkami vozil.",
  tooManyBrands: "Izberete lahko največ 60 znamk.",
  flag: "Vrednost mora biti true ali false.",
} as const;

const text = (max: number) =>
  z
    .string({ error: dealerPageMessages.tooLong })
    .trim()
    .max(max, dealerPageMessages.tooLong)
    .nullish()
    // Empty means "not given": stored as NULL so the public page leaves the line out.
    .transform((v) => (v ? v.replace(/\s+/g, " ") : null));

/** A web or social address: "www.primer.si" gets https://; anything but http(s) is refused. */
const webAddress = text(500)
  .transform((v) => (v ? withWebScheme(v) : v))
  .refine((v) => v === null || isDealerWebAddress(v), dealerPageMessages.url);

const time = text(5);

/**
 * The dealership's presentation as its members edit it (the multipart part `dealership` of
 * `POST dealership/{code}` and the edit form). Billing and registration fields are not part of it:
 * unknown keys are dropped, so they cannot be changed here.
 */
export const dealerPageInputSchema = z
  .object({
    publicName: z
      .string({ error: dealerPageMessages.publicNameRequired })
      .trim()
      // Not aborting: the hours check below still runs, so every problem is listed at once.
      .min(1, dealerPageMessages.publicNameRequired)
      .max(120, dealerPageMessages.tooLong),
    address: text(200),
    postalCode: text(10).refine((v) => v === null || /^\d{4}$/.test(v), dealerPageMessages.postalCode),
    city: text(100),
    email: text(254).refine((v) => v === null || emailSchema.safeParse(v).success, validationMessages.emailInvalid),
    // Stored in the one E.164 form (issue 21).
    phone: text(40)
      .refine((v) => v === null || toCanonicalPhone(v) !== null, validationMessages.phoneInvalid)
      .transform((v) => (v === null ? null : (toCanonicalPhone(v) ?? v))),
    webPage: webAddress,
    facebook: webAddress,
    instagram: webAddress,
    tiktok: webAddress,
    youtube: webAddress,
    weekdayFrom: time,
    weekdayTo: time,
    saturdayFrom: time,
    saturdayTo: time,
    /** Per-day hours (decision 072); without them the weekly and Saturday hours above make the week. */
    hours: weekHoursInputSchema.nullish(),
    brands: z
      .array(z.string({ error: dealerPageMessages.brand }).regex(/^[a-z0-9-]{1,60}$/, dealerPageMessages.brand), {
        error: dealerPageMessages.brand,
      })
      .max(60, dealerPageMessages.tooManyBrands)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  .superRefine((v, ctx) => {
    for (const [from, to] of [
      ["weekdayFrom", "weekdayTo"],
      ["saturdayFrom", "saturdayTo"],
    ] as const) {
      const a = v[from];
      const b = v[to];
      // A field that already failed (too long) is reported once, not again here.
      if ((a !== null && typeof a !== "string") || (b !== null && typeof b !== "string")) continue;
      const problem = hoursProblem(a, b);
      if (problem)
        ctx.addIssue({ code: "custom", path: [problem.side === "from" ? from : to], message: problem.message });
    }
  })
  .transform(withOpeningHours);
export type DealerPageInput = z.input<typeof dealerPageInputSchema>;
export type DealerPageValues = z.output<typeof dealerPageInputSchema>;

const flag = z
  .enum(["true", "false", "1", "0"], { error: dealerPageMessages.flag })
  .optional()
  .transform((v) => v === "true" || v === "1");

/** `POST dealership/{code}?removeLogo=true&removeBanner=true`: take the picture off the page. */
export const dealerPageQuerySchema = z.object({ removeLogo: flag, removeBanner: flag });
