/// <reference types="vite/client" />
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet, redirect, Scripts } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { appConfig } from "~/app.config";
import {
  useChunkReload,
  useFocusClearOfBars,
  useHydrationMarker,
  useLocaleCookie,
} from "~/components/layout/document-effects";
import { DefaultLayout } from "~/components/layout/layouts";
import { ConsentScripts } from "~/components/layout/consent-scripts";
import { LoadingBar } from "~/components/layout/loading-bar";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";
import { ErrorPage } from "~/features/pages/components/lazy-error-page";
import { errorStatusOf } from "~/features/pages/error-status";
import { parseConsent } from "~/domain/consent";
import { opensWithoutRegistration } from "~/domain/legal-pages";
import { safeReturnPath } from "~/domain/return-path";
import { isRegistered } from "~/domain/user";
import { meQueryOptions } from "~/client/use-session";
import { cookieValue, mayHaveSession, readCookieHeader } from "~/lib/cookies";
import { startFirstRead } from "~/lib/first-read";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";
import appCss from "~/styles/app.css?url";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ context, location, matches }) => {
    const cookies = await readCookieHeader();
    // A server render without a session cookie is signed out: no in-process `me` call (issue 27). In the
    // browser the HttpOnly cookie is invisible, so there the cached answer (or the call) decides.
    const signedOut = import.meta.env.SSR && !mayHaveSession(cookies, appConfig.session.cookieName);
    if (signedOut) context.queryClient.setQueryData(meQueryOptions().queryKey, null);
    // Signed in on the server: the page's first read goes before `me` and brings the session in its own D1 batch;
    // `me` then waits for that batch instead of a round trip of its own (decision 089).
    else if (import.meta.env.SSR) startFirstRead(matches, context.queryClient);
    const me = signedOut ? null : await context.queryClient.ensureQueryData(meQueryOptions());
    // Signed in but without names yet (spec: success=true with an unregistered user): registration first.
    if (
      me &&
      !isRegistered(me) &&
      (location.search as Record<string, unknown>).success === "true" &&
      location.pathname !== "/register" &&
      !opensWithoutRegistration(location.pathname)
    ) {
      throw redirect({ to: "/register", search: { redirectUrl: safeReturnPath(location.href) } });
    }
    return {
      me,
      bannerDismissed: cookieValue(cookies, appConfig.ui.bannerCookie) !== null,
      // Read on the server too, so the consent banner is rendered (or not) without a flash.
      consent: parseConsent(cookieValue(cookies, appConfig.consent.cookieName)),
    };
  },
  head: () => ({
    meta: [
      { charSet: "utf-8" },
      { name: "viewport", content: "width=device-width, initial-scale=1" },
      // An error page's title (an unmatched URL is a 404) comes from src/features/pages/error-page-head.ts.
      { title: pageTitle(m.site_tagline()) },
      { name: "description", content: m.footer_about() },
      { name: "theme-color", content: "#0f5f5c" },
    ],
    links: [
      { rel: "stylesheet", href: appCss },
      { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    ],
  }),
  shellComponent: RootDocument,
  component: Outlet,
  // Unmatched routes and uncaught errors still get the full site chrome around the error page.
  notFoundComponent: () => (
    <DefaultLayout dialogs={<AuthDialogs />}>
      <ErrorPage status={404} />
    </DefaultLayout>
  ),
  errorComponent: ({ error }) => (
    <DefaultLayout dialogs={<AuthDialogs />}>
      <ErrorPage status={errorStatusOf(error)} error={error} />
    </DefaultLayout>
  ),
});

function RootDocument({ children }: { children: ReactNode }) {
  useHydrationMarker();
  useLocaleCookie();
  useChunkReload();
  useFocusClearOfBars();
  return (
    <html lang="sl">
      <head>
        <HeadContent />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        <LoadingBar />
        {children}
        <ConsentScripts />
        <Scripts />
      </body>
    </html>
  );
}
