import { createSerializationAdapter } from "@tanstack/react-router";
import { setPageStatus } from "~/lib/page-status";

/** The statuses a page ends in on purpose (spec section 2: 403, 404, 410; 500 is the server failing). */
export type PageErrorStatus = 403 | 404 | 410;

/**
 * Who may open a page a guard refused (the 403 page names it): posting editors, administrators,
 * dealership users, or the resource's own people (someone else's posting, draft or dealer page).
 */
export type NeededRole = "editor" | "admin" | "dealer" | "owner";

/** A page that ends in 403, 404 or 410 (thrown by guards and loaders; rendered by the error page). */
export class PageError extends Error {
  readonly statusCode: PageErrorStatus;
  readonly need: NeededRole | null;
  constructor(statusCode: PageErrorStatus, need: NeededRole | null = null, message = `Page ${statusCode}`) {
    super(message);
    this.name = "PageError";
    this.statusCode = statusCode;
    this.need = need;
  }
}

/**
 * An API answer's error (src/client ApiError), recognised by name: lib knows no layer above it.
 */
function isApiError(error: unknown): error is Error & { statusCode: number } {
  return (
    error instanceof Error && error.name === "ApiError" && "statusCode" in error && typeof error.statusCode === "number"
  );
}

/** The page status an error stands for: PageError and ApiError 403/404/410 keep theirs, else null (500). */
export function pageStatusOf(error: unknown): PageErrorStatus | null {
  const status = error instanceof PageError || isApiError(error) ? error.statusCode : null;
  return status === 403 || status === 404 || status === 410 ? status : null;
}

/**
 * Ends the page with `status` (HTTP status on the server, error page in the browser):
 * `await failPage(403, "admin")` in a guard or loader.
 */
export async function failPage(status: PageErrorStatus, need: NeededRole | null = null): Promise<never> {
  await setPageStatus(status);
  throw new PageError(status, need);
}

/**
 * A loader's API read whose 403/404/410 ends the page with that status (someone else's draft, an
 * unknown id, a sold car); any other failure stays an error (the 500 page).
 */
export async function orFailPage<T>(read: Promise<T>, need: NeededRole | null = null): Promise<T> {
  try {
    return await read;
  } catch (error) {
    const status = pageStatusOf(error);
    if (status === null) throw error;
    return failPage(status, status === 403 ? need : null);
  }
}

/** PageError through SSR into the hydrated page (TanStack would otherwise keep only its message). */
export const pageErrorAdapter = createSerializationAdapter({
  key: "avtotrg/PageError",
  test: (value: unknown): value is PageError => value instanceof PageError,
  toSerializable: (e: PageError) => ({ statusCode: e.statusCode, need: e.need, message: e.message }),
  fromSerializable: (v: { statusCode: PageErrorStatus; need: NeededRole | null; message: string }) =>
    new PageError(v.statusCode, v.need, v.message),
});
