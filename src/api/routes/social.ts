import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { notFound } from "~/domain/errors";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { z } from "~/domain/zod-locale";
import { verifyEmailLink } from "~/services/auth.server";
import { emailProvider } from "~/services/providers/email.server";
import { socialProviders } from "~/services/providers/social.server";
import { completeSocialLogin, socialProviderOf, startSocialLogin } from "~/services/social-login.server";
import type { ApiEnv } from "../env";
import { isLocalHost, setSessionCookie, siteOrigin } from "../session-cookie";
import { validate } from "../validate";

/** Binds the OAuth state to this browser, so a callback started elsewhere cannot sign it in. */
const stateCookie = "avtotrg_oauth_state";
const cookiePath = "/internal-api/v1/social/login";

function providerOr404(c: Context<ApiEnv>) {
  const provider = socialProviderOf(socialProviders(c.env, siteOrigin(c)), c.req.param("provider") ?? "");
  if (!provider) throw notFound("Ta način prijave ni na voljo.");
  return provider;
}

const redirectQuery = z.object({ redirectUrl: z.string().max(2000).optional(), email: z.email().max(254).optional().or(z.literal("")) });
const callbackFields = z.object({ code: z.string().max(4000).optional(), state: z.string().max(200).optional(), user: z.string().max(4000).optional() });

async function finish(c: Context<ApiEnv>, fields: z.infer<typeof callbackFields>) {
  const provider = providerOr404(c);
  const db = c.get("db");
  const outcome = await completeSocialLogin(db, provider, emailProvider(db, c.env), {
    code: fields.code ?? null,
    state: fields.state ?? null,
    browserState: getCookie(c, stateCookie) ?? null,
    appleUser: fields.user ?? null,
    origin: siteOrigin(c),
  });
  deleteCookie(c, stateCookie, { path: cookiePath });
  if (outcome.kind === "signedIn") setSessionCookie(c, outcome.session.token, outcome.session.expiresAt);
  return c.redirect(outcome.location, 302);
}

/** Social sign-in (spec section 7): a browser navigation to redirect, the provider's callback, e-mail confirmation. */
export const socialRoutes = new Hono<ApiEnv>()
  .get("/social/login/:provider/redirect", validate("query", redirectQuery), async (c) => {
    const provider = providerOr404(c);
    const { redirectUrl, email } = c.req.valid("query");
    const session = c.get("session");
    const { state, url } = await startSocialLogin(c.get("db"), provider, {
      redirectUrl,
      email,
      signedInUser: session && !session.impersonatorUserId ? session.user : null,
    });
    // Apple answers with a cross-site form POST: its cookie must be SameSite=None (Secure).
    const crossSitePost = provider.formPost && !isLocalHost(c);
    setCookie(c, stateCookie, state, { httpOnly: true, secure: !isLocalHost(c), sameSite: crossSitePost ? "None" : "Lax", path: cookiePath, maxAge: 600 });
    return c.redirect(url, 302);
  })
  .get("/social/login/:provider/authenticate", validate("query", callbackFields), (c) => finish(c, c.req.valid("query")))
  .post("/social/login/:provider/authenticate", validate("form", callbackFields), (c) => finish(c, c.req.valid("form")))
  /** The link that confirms an address for an identity whose provider supplied none. */
  .get("/social/login/:provider/confirm", validate("query", z.object({ token: z.string().max(200).optional() })), async (c) => {
    providerOr404(c);
    const result = await verifyEmailLink(c.get("db"), c.req.valid("query").token ?? "", new Date(), "identity");
    if (!result.ok) return c.redirect(withParam(safeReturnPath(result.redirectUrl), "success", "false"), 302);
    setSessionCookie(c, result.session.token, result.session.expiresAt);
    return c.redirect(withParam(safeReturnPath(result.redirectUrl), "success", "true"), 302);
  });
