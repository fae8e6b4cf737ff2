/**
 * The API's error shape (spec section 8) and the typed error the server throws.
 * Shared: the server builds it, the client reads it.
 */
export type FieldErrorKind = "MISSING" | "INVALID";
export type FieldError = { field: string; kind: FieldErrorKind; message: string };
export type ErrorBody = {
  message: string;
  statusCode: number;
  fieldErrors: FieldError[];
  errors: { message: string }[];
};

export const unknownErrorMessage = "Napaka, prosimo poskusite kasneje.";

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly errors: { message: string }[];

  constructor(
    statusCode: number,
    message: string,
    options: { code?: string; fieldErrors?: FieldError[]; errors?: { message: string }[] } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = statusCode;
    this.code = options.code ?? `HTTP_${statusCode}`;
    this.fieldErrors = options.fieldErrors ?? [];
    this.errors = options.errors ?? [{ message }];
  }

  toBody(): ErrorBody {
    return { message: this.message, statusCode: this.statusCode, fieldErrors: this.fieldErrors, errors: this.errors };
  }
}

export const badRequest = (message: string, fieldErrors: FieldError[] = []) =>
  new AppError(400, message, { code: "BAD_REQUEST", fieldErrors });
export const unauthorized = (message = "Prijava je potrebna.") => new AppError(401, message, { code: "UNAUTHORIZED" });
export const forbidden = (message = "Dostop ni dovoljen.") => new AppError(403, message, { code: "FORBIDDEN" });
export const notFound = (message = "Ne obstaja.") => new AppError(404, message, { code: "NOT_FOUND" });
export const conflict = (message: string) => new AppError(409, message, { code: "CONFLICT" });
export const gone = (message: string) => new AppError(410, message, { code: "GONE" });

/**
 * The first human message of an error body, as the spec's multipart rule says:
 * fieldErrors[0].message, else errors[0].message, else the unknown-error text.
 */
export function firstErrorMessage(body: unknown): string {
  if (body && typeof body === "object") {
    const b = body as Partial<ErrorBody>;
    const fromField = Array.isArray(b.fieldErrors) ? b.fieldErrors[0]?.message : undefined;
    if (typeof fromField === "string" && fromField) return fromField;
    const fromErrors = Array.isArray(b.errors) ? b.errors[0]?.message : undefined;
    if (typeof fromErrors === "string" && fromErrors) return fromErrors;
  }
  return unknownErrorMessage;
}
