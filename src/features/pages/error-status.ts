import { pageStatusOf } from "~/lib/page-error";
import { m } from "~/paraglide/messages";

export type ErrorStatus = 403 | 404 | 410 | 500;

/** The status an error page shows: page and API errors keep theirs, router not-found is 404, else 500. */
export function errorStatusOf(error: unknown): ErrorStatus {
  if (error && typeof error === "object" && "isNotFound" in error) return 404;
  return pageStatusOf(error) ?? 500;
}

const headings: Record<ErrorStatus, () => string> = {
  403: m.error_403_heading,
  404: m.error_404_heading,
  410: m.error_410_heading,
  500: m.error_500_heading,
};

/** The page title of an error page (before " | Avtotrg"). */
export const errorTitle = (status: ErrorStatus) => headings[status]();
