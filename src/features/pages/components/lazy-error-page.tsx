import { createIsomorphicFn } from "@tanstack/react-start";
import { lazy } from "react";
import { reloadOnceForChunkError } from "~/components/layout/document-effects";
import type { ErrorStatus } from "../error-status";
import { m } from "~/paraglide/messages";
import { ErrorPage as ServerErrorPage } from "./error-page";

/**
 * When the error page's own chunk cannot load and the one reload is spent (an old tab after a deploy): the status's
 * heading in Slovenian and a way on, inside the site's frame (not the framework's English fallback).
 */
function ErrorPageWithoutItsChunk({ status }: { status: ErrorStatus }) {
  const heading = { 403: m.error_403_heading, 404: m.error_404_heading, 410: m.error_410_heading }[status as 403];
  return (
    <section className="py-6 text-center desk:py-12" aria-labelledby="error-heading" data-status={status}>
      <h1 id="error-heading" className="text-3xl font-bold tracking-tight">
        {(heading ?? m.error_500_heading)()}
      </h1>
      <p className="mt-3 text-muted">{m.error_page_reload_hint()}</p>
      <p className="mt-6 flex justify-center gap-3">
        <a className="btn-primary" href={typeof window === "undefined" ? "/" : window.location.href}>
          {m.error_page_reload()}
        </a>
        <a className="btn-outline" href="/">
          {m.error_page_home()}
        </a>
      </p>
    </section>
  );
}

/**
 * The error page as the router and the pages that may fail use it (decision 084): rendered at once on the server,
 * and in the browser a chunk of its own, loaded when a page fails (its texts and its list of vehicles were in every
 * page's entry chunk). Start's compiler drops the server branch, and with it the static import, from the browser's
 * bundle. If that chunk is gone too (a new deploy), the page reloads once, as for any chunk; when that reload is
 * spent, `ErrorPageWithoutItsChunk` says the status in Slovenian instead of the router's English fallback.
 */
export const ErrorPage = createIsomorphicFn()
  .server(() => ServerErrorPage)
  .client(() =>
    lazy(() =>
      import("./error-page").then(
        (mod) => ({ default: mod.ErrorPage }),
        (error: unknown) => {
          if (reloadOnceForChunkError()) return new Promise<never>(() => {});
          console.warn("error page chunk unavailable", error);
          return { default: ErrorPageWithoutItsChunk };
        },
      ),
    ),
  )();
