import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { appConfig } from "~/app.config";
import { acceptAllChoice, necessaryOnlyChoice, serializeConsent } from "~/domain/consent";
import { safeReturnPath } from "~/domain/return-path";
import { consentFormSchema, termsNoticeFormSchema } from "~/contracts/preferences";
import type { ApiEnv } from "../env";
import { isLocalHost } from "../session-cookie";
import { validate } from "../validate";

/** Analytics cookies a refusal expires (the ones src/client/consent.ts removes in the browser). */
const analyticsCookie = /^_g(a|id)/;
/** A cookie name we may set (RFC 6265 token): a browser may carry odd names set by other scripts, which are left alone. */
const cookieToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The visitor's cookie choice and the closed terms notice as plain form posts (decision 064): the bar's
 * buttons work before the page's JavaScript has loaded. Each sets exactly the cookie the browser code sets
 * (readable by it, SameSite=Lax, Secure except on local http) and answers 303 to the same-site page it
 * came from; the same-origin guard of every write covers them (a same-origin form post carries Origin).
 */
export const consentRoutes = new Hono<ApiEnv>().post("/", validate("form", consentFormSchema), async (c) => {
  const { choice, returnTo } = c.req.valid("form");
  const secure = !isLocalHost(c);
  const decided = choice === "all" ? acceptAllChoice : necessaryOnlyChoice;
  setCookie(c, appConfig.consent.cookieName, serializeConsent(decided, new Date()), {
    path: "/",
    sameSite: "Lax",
    secure,
    maxAge: Math.round(appConfig.consent.maxAgeDays * 86400),
  });
  if (!decided.analytics) {
    const host = new URL(c.req.url).hostname;
    for (const part of (c.req.header("cookie") ?? "").split(";")) {
      const name = part.split("=")[0]?.trim() ?? "";
      if (!analyticsCookie.test(name) || !cookieToken.test(name)) continue;
      setCookie(c, name, "", { path: "/", maxAge: 0 });
      setCookie(c, name, "", { path: "/", maxAge: 0, domain: `.${host}` });
    }
  }
  return c.redirect(safeReturnPath(returnTo), 303);
});

export const termsNoticeRoutes = new Hono<ApiEnv>().post("/", validate("form", termsNoticeFormSchema), async (c) => {
  setCookie(c, appConfig.ui.bannerCookie, "1", {
    path: "/",
    sameSite: "Lax",
    secure: !isLocalHost(c),
    maxAge: appConfig.ui.bannerCookieMaxAgeDays * 86400,
  });
  return c.redirect(safeReturnPath(c.req.valid("form").returnTo), 303);
});
