import type { Context } from "hono";
import { AppError, type FieldError } from "~/domain/errors";
import type { ZodType } from "zod";
import type { ApiEnv } from "./env";
import { zodToFieldErrors } from "./errors";

/** The 400 of a multipart request: every problem as a fieldError, the first one as the message. */
export const validationFailed = (fieldErrors: FieldError[]) =>
  new AppError(400, fieldErrors[0]?.message ?? "Neveljavna zahteva.", { code: "VALIDATION", fieldErrors, errors: [] });

/** The multipart (or urlencoded) body; a malformed one is a 400, not a 500. */
export async function formBody(c: Context<ApiEnv>): Promise<Record<string, string | File>> {
  try {
    return await c.req.parseBody();
  } catch {
    throw new AppError(400, "Telo zahteve ni veljaven obrazec.", { code: "BAD_FORM" });
  }
}

/**
 * A multipart part holding JSON (text, or a JSON blob part as some clients send it), validated by
 * `schema`. Problems come back as fieldErrors: on `field` when the part is missing or not JSON, on
 * the JSON's own paths for the schema's issues (as a JSON body's would), so forms map them alike.
 */
export async function parseJsonPart<Schema extends ZodType>(
  value: string | File | undefined,
  field: string,
  schema: Schema,
  messages: { missing: string; notJson: string },
): Promise<{ data: Schema["_output"] | null; errors: FieldError[] }> {
  const text = value instanceof File ? await value.text() : value;
  if (text === undefined || text.trim() === "")
    return { data: null, errors: [{ field, kind: "MISSING", message: messages.missing }] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { data: null, errors: [{ field, kind: "INVALID", message: messages.notJson }] };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { data: parsed.data, errors: [] };
  return {
    data: null,
    errors: zodToFieldErrors(parsed.error, json).map((e) => (e.field === "body" ? { ...e, field } : e)),
  };
}
