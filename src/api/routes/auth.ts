import { Hono } from "hono";
import { revokeSession } from "~/db/users.server";
import { forbidden, gone, notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { emailLoginInputSchema, pinLoginInputSchema, sendPinQuerySchema } from "~/contracts/auth";
import { pinLifetimeMs, randomBrowserNonce, sendLoginPin, signInWithPin } from "~/services/pin-login.server";
import { smsProvider } from "~/services/providers/sms.server";
import {
  linkConfirmPath,
  peekEmailLink,
  requestEmailLink,
  spentEmailLinkReturnPath,
  verifyEmailLink,
} from "~/services/auth.server";
import { emailProvider } from "~/services/providers/email.server";
import type { ApiEnv } from "../env";
import {
  clearCookie,
  clientIp,
  pinCookieName,
  readPinCookie,
  sessionCookieName,
  setPinCookie,
  setSessionCookie,
  siteOrigin,
} from "../session-cookie";
import { validate } from "../validate";

const linkOtherBrowser =
  "Ta povezava prenese račun s telefonsko številko na ta e-poštni naslov, zato deluje samo v brskalniku, v katerem ste prijavljeni s to telefonsko številko in ste jo zahtevali. Odprite jo tam.";
const linkUnusable = "Ta povezava za prijavo ni več veljavna (uporabljena ali potekla). Zahtevajte novo.";

export const loginRoutes = new Hono<ApiEnv>()
  /** Sends a sign-in link to the e-mail address; 202 whether or not the address is known. */
  .post("/email", validate("json", emailLoginInputSchema), async (c) => {
    const db = c.get("db");
    // Signed in without an e-mail (a legacy phone account): the link moves the account to this address.
    const user = c.get("session")?.user;
    const linkUserId = user && !user.email && !c.get("session")?.impersonatorUserId ? user.id : null;
    await requestEmailLink(db, emailProvider(db, c.env), {
      ...c.req.valid("json"),
      origin: siteOrigin(c),
      linkUserId,
      client: clientIp(c),
    });
    return c.body(null, 202);
  })
  /**
   * The link from the e-mail never signs in by itself (decision 030): a GET (an old link, a planted
   * image or page) only leads to the confirmation page, which asks "Nadaljuj kot …".
   */
  .get("/email/verify", validate("query", z.object({ token: z.string().max(200).optional() })), (c) =>
    c.redirect(`${linkConfirmPath}?token=${encodeURIComponent(c.req.valid("query").token ?? "")}`, 302),
  )
  /** What the link signs in as, for the confirmation page (the link stays unused); 404 when it is not usable. */
  .get("/email/link", validate("query", z.object({ token: z.string().max(200).optional() })), async (c) => {
    const link = await peekEmailLink(c.get("db"), c.req.valid("query").token ?? "");
    if (!link) throw notFound(linkUnusable);
    return c.json(link);
  })
  /** Where an expired or used link was asked for (a same-site path): the page offers a new link there; 404 otherwise. */
  .get("/email/link/return", validate("query", z.object({ token: z.string().max(200).optional() })), async (c) => {
    const redirectUrl = await spentEmailLinkReturnPath(c.get("db"), c.req.valid("query").token ?? "");
    if (redirectUrl === null) throw notFound(linkUnusable);
    return c.json({ redirectUrl });
  })
  /** The confirmation page's button: a same-origin POST (the cross-site guard applies) signs in once. */
  .post("/email/verify", validate("json", z.object({ token: z.string().max(200) })), async (c) => {
    const session = c.get("session");
    const result = await verifyEmailLink(
      c.get("db"),
      c.req.valid("json").token,
      new Date(),
      session && !session.impersonatorUserId ? session.user.id : null,
    );
    if (!result.ok && "otherBrowser" in result) throw forbidden(linkOtherBrowser);
    if (!result.ok) throw gone(linkUnusable);
    setSessionCookie(c, result.session.token, result.session.expiresAt);
    return c.json({ location: result.location });
  })
  /** Legacy phone sign-in, step 1: SMS with a 5-digit code (202; 429 when throttled). */
  .get("/", validate("query", sendPinQuerySchema), async (c) => {
    const db = c.get("db");
    // The code is bound to this browser (decision 036): a fresh nonce in an HttpOnly cookie, its hash on
    // the code; set for unknown numbers too, so the answer tells nothing.
    const browser = randomBrowserNonce();
    await sendLoginPin(db, smsProvider(db, c.env, clientIp(c)), {
      phoneNumber: c.req.valid("query").number,
      ip: clientIp(c),
      browser,
    });
    setPinCookie(c, browser, pinLifetimeMs);
    return c.body(null, 202);
  })
  /** Step 2: the code signs in (401 wrong code, 404 no code sent, 429, 445 unknown number, 446 migrated). */
  .post("/", validate("json", pinLoginInputSchema), async (c) => {
    const db = c.get("db");
    const { phoneNumber, pin } = c.req.valid("json");
    const { session, userId } = await signInWithPin(db, {
      phoneNumber,
      pin,
      ip: clientIp(c),
      browser: readPinCookie(c) ?? null,
    });
    setSessionCookie(c, session.token, session.expiresAt);
    clearCookie(c, pinCookieName(c));
    return c.json({ userId });
  });

export const logoutRoutes = new Hono<ApiEnv>()
  /** Revokes the current session (if any) and clears the cookie; always 204. */
  .post("/", async (c) => {
    const session = c.get("session");
    if (session) await revokeSession(c.get("db"), session.id);
    clearCookie(c, sessionCookieName(c));
    return c.body(null, 204);
  });
