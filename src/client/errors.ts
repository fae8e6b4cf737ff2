import { type ErrorBody, type FieldError, firstErrorMessage, unknownErrorMessage } from "~/domain/errors";

/** A non-2xx answer of the API (spec section 8): message and statusCode, plus the body's details. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: Partial<ErrorBody> | null;
  constructor(message: string, statusCode: number, body: Partial<ErrorBody> | null) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.body = body;
  }
  /** First message for forms: fieldErrors[0], else errors[0], else the unknown-error text. */
  get firstMessage(): string {
    return firstErrorMessage(this.body);
  }
  /** The per-field errors of a 4xx (MISSING or INVALID), for marking form fields. */
  get fieldErrors(): { field: string; kind: string; message: string }[] {
    return Array.isArray(this.body?.fieldErrors) ? this.body.fieldErrors : [];
  }
}

/** Thrown before any request when a required path parameter or body is missing. */
export class RequiredError extends Error {
  readonly field: string;
  constructor(field: string, value: null | undefined, operation: string) {
    super(`Required parameter ${field} was ${value === null ? "null" : "undefined"} when calling ${operation}.`);
    this.name = "RequiredError";
    this.field = field;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const numeric = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 100 && v <= 599 ? v : undefined);

function isFieldError(v: unknown): v is FieldError {
  return isRecord(v) && typeof v.field === "string" && typeof v.kind === "string" && typeof v.message === "string";
}

/** The parts of an error body that have the documented shape (anything else in it is ignored). */
export function readErrorBody(parsed: Record<string, unknown>): Partial<ErrorBody> {
  const body: Partial<ErrorBody> = {};
  if (typeof parsed.message === "string") body.message = parsed.message;
  const statusCode = numeric(parsed.statusCode);
  if (statusCode !== undefined) body.statusCode = statusCode;
  if (Array.isArray(parsed.fieldErrors)) body.fieldErrors = parsed.fieldErrors.filter(isFieldError);
  if (Array.isArray(parsed.errors))
    body.errors = parsed.errors.flatMap((e) =>
      isRecord(e) && typeof e.message === "string" ? [{ message: e.message }] : [],
    );
  return body;
}

/** Builds the error for a non-2xx response: statusCode from the body's statusCode or status, else the response status, default 500. */
export async function toApiError(
  response: Pick<Response, "status" | "statusText"> & { json(): Promise<unknown> },
): Promise<ApiError> {
  let parsed: Record<string, unknown> | null = null;
  try {
    const json: unknown = await response.json();
    if (isRecord(json)) parsed = json;
  } catch {
    parsed = null;
  }
  const statusCode = numeric(parsed?.statusCode) ?? numeric(parsed?.status) ?? numeric(response.status) ?? 500;
  const message = (typeof parsed?.message === "string" && parsed.message) || response.statusText || unknownErrorMessage;
  return new ApiError(message, statusCode, parsed ? readErrorBody(parsed) : null);
}
