import { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { getGlobalStartContext } from "@tanstack/react-start";
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query";
import { ErrorPage } from "./features/pages/components/lazy-error-page";
import { errorStatusOf } from "./features/pages/error-status";
import { withErrorPageHeads } from "./features/pages/error-page-head";
import { parseRawSearch, stringifyRawSearch } from "./lib/search-params";
import { routeTree } from "./routeTree.gen";

/** A new router and QueryClient per request (SSR) or per page load (browser). */
export function getRouter() {
  // No retries while rendering on the server: an error page at once beats a page a second late.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: typeof window === "undefined" ? 0 : 1 } },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    parseSearch: parseRawSearch,
    stringifySearch: stringifyRawSearch,
    defaultErrorComponent: ({ error }) => <ErrorPage status={errorStatusOf(error)} error={error} />,
    defaultNotFoundComponent: () => <ErrorPage status={404} />,
    // The page's CSP nonce (src/server.ts) on every script the router renders; none in the browser.
    ssr: { nonce: requestNonce() },
  });
  // Error pages' titles and HTTP statuses, for every route at once (src/features/pages/error-page-head.ts);
  // their errors reach the hydrated page intact through src/start.ts's serialization adapters.
  withErrorPageHeads(router);
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

/** The nonce src/server.ts made for this page request (undefined in the browser and outside a request). */
function requestNonce(): string | undefined {
  if (typeof window !== "undefined") return undefined;
  try {
    const context: unknown = getGlobalStartContext();
    return context && typeof context === "object" && "nonce" in context && typeof context.nonce === "string"
      ? context.nonce
      : undefined;
  } catch {
    return undefined; // outside a request (never for a page render)
  }
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
