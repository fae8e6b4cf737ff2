import type { z } from "zod";
import { ApiError } from "./errors";

export type FieldMessages = Record<string, string>;

/** The first message of each field of a failed zod parse (the same messages the API answers). */
export function zodFieldMessages(error: z.ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    out[field] ??= issue.message;
  }
  return out;
}

/** An API failure as per-field messages (400) plus one message for the form. */
export function apiFailure(e: unknown, fallback: string): { fields: FieldMessages; message: string } {
  if (!(e instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: FieldMessages = {};
  for (const f of e.fieldErrors) fields[f.field] ??= f.message;
  return { fields, message: e.firstMessage };
}

/**
 * After a failed submit, focus goes to the first field marked invalid, so keyboard and screen-reader users
 * land on the problem. `[data-error-focus]` marks a control that stands for an error without being a field
 * (an upload area). Called from `useApiForm`'s layout effect, once React has committed the marks: the one
 * focus helper of the app (forms call `form.focusInvalid()`).
 */
export function focusInvalidNow(form: HTMLElement | null | undefined): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-focus]')?.focus();
}
