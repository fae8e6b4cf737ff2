import type { AnyRouter } from "@tanstack/react-router";
import { setPageStatus } from "~/lib/page-status";
import { pageTitle } from "~/lib/page-title";
import { type ErrorStatus, errorStatusOf, errorTitle } from "./error-status";

type HeadContext = { match: unknown };
type Head = { meta?: ({ title?: string } & Record<string, unknown>)[] } & Record<string, unknown>;
type HeadFn = (ctx: HeadContext) => Head | undefined | Promise<Head | undefined>;

/** The error page a route match shows, if any: not found (its own or an unmatched URL) is 404, an error its status. */
export function errorStatusOfMatch(match: unknown): ErrorStatus | null {
  if (!match || typeof match !== "object") return null;
  const m = match as { status?: string; error?: unknown; _notFound?: boolean; globalNotFound?: boolean };
  if (m.status === "notFound" || m._notFound === true || m.globalNotFound === true) return 404;
  if (m.status === "error") return errorStatusOf(m.error);
  return null;
}

/**
 * Every route's head, wrapped once for the whole app (so no route can forget): a match that ends in
 * an error page gets that page's title ("Dostop ni dovoljen | Avtotrg", "Strani ni bilo mogoče najti
 * | Avtotrg", …) and noindex, and on the server its 403/404/410 becomes the HTTP status (TanStack
 * answers 500 for any thrown error; Start's response status set here wins).
 */
export function withErrorPageHeads(router: AnyRouter) {
  for (const route of Object.values(router.routesById as Record<string, { options: { head?: HeadFn } }>)) {
    const own = route.options.head;
    route.options.head = async (ctx: HeadContext) => {
      const status = errorStatusOfMatch(ctx.match);
      if (status === null) return own ? own(ctx) : undefined;
      if (status !== 500) await setPageStatus(status);
      let head: Head | undefined;
      try {
        head = own ? await own(ctx) : undefined; // the root keeps its charset, viewport and styles
      } catch {
        head = undefined; // a head that needs the loader's data has none on an error page
      }
      const meta = (head?.meta ?? []).filter(
        (tag) =>
          tag && !("title" in tag) && tag.name !== "robots" && tag.name !== "description" && !("property" in tag),
      );
      return {
        ...head,
        meta: [...meta, { title: pageTitle(errorTitle(status)) }, { name: "robots", content: "noindex" }],
        scripts: undefined,
      };
    };
  }
}
