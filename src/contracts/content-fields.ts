/**
 * Field rules the admin content resources share (news articles, equipment descriptors): an optional text
 * stored as NULL when empty, and a required web address ("www.…" gets https://).
 */
import { isWebAddress, withWebScheme } from "~/domain/web-address";
import { z } from "~/domain/zod-locale";

/** An optional text; empty is stored as NULL. */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

/** A required http(s) address: `missing` when empty, `tooLong` past 500 characters, `invalid` otherwise. */
export const requiredWebAddress = (messages: { missing: string; tooLong: string; invalid: string }) =>
  z
    .string({ error: messages.missing })
    .trim()
    .min(1, { error: messages.missing, abort: true })
    .max(500, { error: messages.tooLong, abort: true })
    .transform(withWebScheme)
    .refine(isWebAddress, messages.invalid);
