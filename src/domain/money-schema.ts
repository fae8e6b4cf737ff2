import { MAX_CENTS, moneyMessages } from "./money";
import { z } from "./zod-locale";

/**
 * An amount of money in a request body: integer euro cents, 0 … 100 million euros (decision 050).
 * 12.5 (a fraction of a cent) or -100 is a 400 with a Slovenian field error. Kept apart from
 * money.ts so pages that only show prices do not load zod.
 */
export const centsSchema = z
  .number({ error: moneyMessages.notAmount })
  .int({ error: moneyMessages.wholeCents })
  .min(0, { error: moneyMessages.negative })
  .max(MAX_CENTS, { error: moneyMessages.tooLarge });

/** An optional money field of an update: cents, null clears it, absent leaves it. */
export const centsFieldSchema = centsSchema.nullable().optional();
