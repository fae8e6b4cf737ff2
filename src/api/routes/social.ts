import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { forbidden, notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { linkConfirmPath } from "~/services/auth.server";
import { emailProvider } from "~/services/providers/email.server";
import { socialProviders } from "~/services/providers/social.server";
import {
  completeSocialLogin,
  confirmPendingLink,
  declinePendingLink,
  pendingLinkView,
  socialProviderOf,
  startSocialLogin,
} from "~/services/social-login.server";
import type { ApiEnv } from "../env";
import { clientIp, isLocalHost, setSessionCookie, siteOrigin } from "../session-cookie";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

/** Binds the OAuth state to this browser, so a callback started elsewhere cannot sign it in. */
const stateCookie = "avtotrg_oauth_state";
const cookiePath = "/internal-api/v1/social/login";
/** Binds a pending identity link to the browser that completed the provider's sign-in (decision 031). */
const pendingLinkCookie = "avtotrg_pending_link";

function providerOr404(c: Context<ApiEnv>) {
  const provider = socialProviderOf(socialProviders(c.env, siteOrigin(c)), c.req.param("provider") ?? "");
  if (!provider) throw notFound("Ta način prijave ni na voljo.");
  return provider;
}

const redirectQuery = z.object({
  redirectUrl: z.string().max(2000).optional(),
  email: z.email().max(254).optional().or(z.literal("")),
});
const callbackFields = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  user: z.string().max(4000).optional(),
});

async function finish(c: Context<ApiEnv>, fields: z.infer<typeof callbackFields>) {
  const provider = providerOr404(c);
  const db = c.get("db");
  const session = c.get("session");
  const outcome = await completeSocialLogin(db, provider, emailProvider(db, c.env), {
    code: fields.code ?? null,
    state: fields.state ?? null,
    browserState: getCookie(c, stateCookie) ?? null,
    appleUser: fields.user ?? null,
    origin: siteOrigin(c),
    signedInUser: session && !session.impersonatorUserId ? session.user : null,
    client: clientIp(c),
  });
  deleteCookie(c, stateCookie, { path: cookiePath });
  if (outcome.kind === "signedIn") setSessionCookie(c, outcome.session.token, outcome.session.expiresAt);
  // Path "/": the confirmation page's server render reads it too. Lax: sent when the owner comes back by a link.
  if (outcome.kind === "redirect" && outcome.pendingLinkToken)
    setCookie(c, pendingLinkCookie, outcome.pendingLinkToken, {
      httpOnly: true,
      secure: !isLocalHost(c),
      sameSite: "Lax",
      path: "/",
      maxAge: 30 * 60,
    });
  return c.redirect(outcome.location, 302);
}

/** Social sign-in (spec section 7): a browser navigation to redirect, the provider's callback, e-mail confirmation. */
export const socialRoutes = new Hono<ApiEnv>()
  .get("/login/:provider/redirect", validate("query", redirectQuery), async (c) => {
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
    setCookie(c, stateCookie, state, {
      httpOnly: true,
      secure: !isLocalHost(c),
      sameSite: crossSitePost ? "None" : "Lax",
      path: cookiePath,
      maxAge: 600,
    });
    return c.redirect(url, 302);
  })
  .get("/login/:provider/authenticate", validate("query", callbackFields), (c) => finish(c, c.req.valid("query")))
  .post("/login/:provider/authenticate", validate("form", callbackFields), (c) => finish(c, c.req.valid("form")))
  /**
   * The identity waiting in this browser for the signed-in owner's confirmation (decision 031). An
   * e-mailed `?token=` from before that decision goes to the sign-in confirmation page, which signs
   * in only by a POST and never links an identity.
   */
  .get(
    "/login/:provider/confirm",
    validate("query", z.object({ token: z.string().max(200).optional() })),
    async (c) => {
      const provider = providerOr404(c);
      const { token } = c.req.valid("query");
      if (token !== undefined) return c.redirect(`${linkConfirmPath}?token=${encodeURIComponent(token)}`, 302);
      const user = requireUser(c);
      return c.json(await pendingLinkView(c.get("db"), provider.id, getCookie(c, pendingLinkCookie) ?? null, user));
    },
  )
  /** The signed-in owner links the identity (same-origin POST only: the cross-site guard applies). */
  .post("/login/:provider/confirm", signedIn, async (c) => {
    const provider = providerOr404(c);
    const user = requireUser(c);
    if (c.get("session")?.impersonatorUserId) throw forbidden("Med prevzemom identitete računov ni mogoče povezovati.");
    const result = await confirmPendingLink(c.get("db"), provider.id, getCookie(c, pendingLinkCookie) ?? null, user);
    deleteCookie(c, pendingLinkCookie, { path: "/" });
    return c.json(result);
  })
  /** Not mine: the pending identity is dropped. */
  .delete("/login/:provider/confirm", async (c) => {
    providerOr404(c);
    await declinePendingLink(c.get("db"), getCookie(c, pendingLinkCookie) ?? null);
    deleteCookie(c, pendingLinkCookie, { path: "/" });
    return c.body(null, 204);
  });
