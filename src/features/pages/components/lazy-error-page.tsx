import { createIsomorphicFn } from "@tanstack/react-start";
import { lazy } from "react";
import { reloadOnceForChunkError } from "~/components/layout/document-effects";
import { ErrorPage as ServerErrorPage } from "./error-page";

/**
 * The error page as the router and the pages that may fail use it (decision 084): rendered at once on the server,
 * and in the browser a chunk of its own, loaded when a page fails (its texts and its list of vehicles were in every
 * page's entry chunk). Start's compiler drops the server branch, and with it the static import, from the browser's
 * bundle. If that chunk is gone too (a new deploy), the page reloads once, as for any chunk.
 */
export const ErrorPage = createIsomorphicFn()
  .server(() => ServerErrorPage)
  .client(() =>
    lazy(() =>
      import("./error-page").then(
        (mod) => ({ default: mod.ErrorPage }),
        (error: unknown) => {
          if (reloadOnceForChunkError()) return new Promise<never>(() => {});
          throw error;
        },
      ),
    ),
  )();
