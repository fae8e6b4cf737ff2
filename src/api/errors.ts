import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { $ZodError } from "zod/v4/core";
import { AppError, type ErrorBody, type FieldError, unknownErrorMessage } from "~/domain/errors";

const genericByStatus: Record<number, string> = {
  400: "Neveljavna zahteva.",
  401: "Prijava je potrebna.",
  403: "Dostop ni dovoljen.",
  404: "Ne obstaja.",
  405: "Metoda ni dovoljena.",
  409: "Spor s trenutnim stanjem.",
  413: "Zahteva je prevelika.",
  415: "Nepodprta vrsta vsebine.",
  429: "Preveč zahtev. Poskusite znova čez nekaj časa.",
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Maps a zod error to the spec's fieldErrors: a value that is absent (undefined, null or an empty
 * string) is MISSING, anything present but wrong is INVALID.
 */
export function zodToFieldErrors(error: ZodError | $ZodError, input?: unknown): FieldError[] {
  return error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    const absent = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    return {
      field: issue.path.map(String).join(".") || "body",
      kind: absent ? "MISSING" : "INVALID",
      message: issue.message,
    };
  });
}

export function validationError(error: ZodError | $ZodError, input?: unknown): AppError {
  const fieldErrors = zodToFieldErrors(error, input);
  return new AppError(400, fieldErrors[0]?.message ?? genericByStatus[400] ?? unknownErrorMessage, {
    code: "VALIDATION",
    fieldErrors,
    errors: [],
  });
}

export function errorBody(status: number, message?: string): ErrorBody {
  const text = message || genericByStatus[status] || unknownErrorMessage;
  return { message: text, statusCode: status, fieldErrors: [], errors: [{ message: text }] };
}

/** The one place errors become responses; a 500 never carries a stack or internals. */
export function handleError(err: unknown, c: Context) {
  if (err instanceof AppError) return c.json(err.toBody(), err.statusCode as ContentfulStatusCode);
  if (err instanceof ZodError) {
    const e = validationError(err);
    return c.json(e.toBody(), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    // Hono's own messages are English ("Malformed JSON in request body"); keep ours Slovenian.
    const message = status === 400 && /json/i.test(err.message) ? "Telo zahteve ni veljaven JSON." : undefined;
    return c.json(errorBody(status, message), status as ContentfulStatusCode);
  }
  console.error("internal-api error", c.req.method, c.req.path, err);
  return c.json(errorBody(500), 500);
}
