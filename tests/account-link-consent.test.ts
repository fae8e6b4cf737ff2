/**
 * Issue 19, rules 2, 4 and 7 as attacks: each test does what an attacker would and fails if the hole
 * reopens. Rule 7: no sign-in by a cross-site GET (decision 030). Rule 2: a social identity joins an
 * existing account only when its signed-in owner confirms it (decision 031). Rule 4: a legacy phone
 * account merges into an existing account only with that owner's consent (decision 032).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { favorites } from "~/db/schema/engagement";
import { postings } from "~/db/schema/postings";
import { loginTokens, mergeRequests, userIdentities, users } from "~/db/schema/users";
import type { Me } from "~/domain/user";
import { sha256Hex } from "~/lib/crypto";
import { encodeLocalCode } from "~/services/providers/social.server";
import { call, db, json, linkToken, openEmailLink, publishedPosting, signedInUser } from "./fixtures";

type Message = { to: string; subject: string; text: string; link: string | null };
const mailTo = async (address: string) => {
  const found = ((await (await call("/internal-api/v1/dev/outbox")).json()) as Message[]).find((m) => m.to === address);
  if (!found?.link) throw new Error(`no mail to ${address}`);
  return found;
};
const cookieValue = (setCookie: string | null, name: string) =>
  new RegExp(`${name}=([^;]*)`).exec(setCookie ?? "")?.[1] || null;
const sessionOf = (res: Response) => {
  const token = cookieValue(res.headers.get("set-cookie"), appConfig.session.cookieName);
  return token ? `${appConfig.session.cookieName}=${token}` : null;
};
const pendingOf = (res: Response) => {
  const token = cookieValue(res.headers.get("set-cookie"), "avtotrg_pending_link");
  return token ? `avtotrg_pending_link=${token}` : null;
};
const both = (...cookies: (string | null)[]) => cookies.filter(Boolean).join("; ");
const me = async (cookie: string) => (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me;
const sameOrigin = { origin: "http://localhost" };
const post = (path: string, cookie: string, body?: unknown, headers: Record<string, string> = sameOrigin) =>
  call(path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, ...headers },
    body: JSON.stringify(body ?? {}),
  });

let n = 0;
const uid = () => `${Date.now().toString(36)}-${n++}`;
// Phones of this file: +38640 9xxxxx (a prefix no other test file uses).
const phoneBase = Date.now() % 90_000;
const phone = () => `+386409${String(10_000 + ((phoneBase + n++) % 90_000))}`;

/** Starts a social sign-in in a browser (optionally signed in) and answers the consent screen's parameters and the state cookie. */
async function start(provider: string, query: Record<string, string>, cookie?: string) {
  const res = await call(
    `/internal-api/v1/social/login/${provider}/redirect?${new URLSearchParams(query).toString()}`,
    { redirect: "manual", headers: cookie ? { cookie } : {} },
  );
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get("location") ?? "");
  return { to, browser: `avtotrg_oauth_state=${cookieValue(res.headers.get("set-cookie"), "avtotrg_oauth_state")}` };
}

/** The provider hands back this identity; the callback runs in the browser whose cookies are `cookie`. */
function complete(
  started: Awaited<ReturnType<typeof start>>,
  identity: { subject: string; email: string | null; emailVerified?: boolean },
  cookie: string,
) {
  const callback = new URL(started.to.searchParams.get("redirect_uri") ?? "");
  callback.searchParams.set(
    "code",
    encodeLocalCode({
      ...identity,
      firstName: "Tine",
      lastName: "Tat",
      challenge: started.to.searchParams.get("code_challenge") ?? "",
    }),
  );
  callback.searchParams.set("state", started.to.searchParams.get("state") ?? "");
  return call(`${callback.pathname}${callback.search}`, { redirect: "manual", headers: { cookie } });
}

const identityOwner = async (subject: string) =>
  (
    await db()
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(eq(userIdentities.subject, subject))
      .get()
  )?.userId ?? null;

describe("rule 7: no sign-in by a cross-site GET", () => {
  it("a planted link (img, page, redirect) signs nobody in: GET only leads to 'Nadaljuj kot'; a cross-site POST is refused; the owner's same-origin POST signs in once", async () => {
    const attacker = `napadalec-${uid()}@primer.si`;
    expect(
      (await call("/internal-api/v1/login/email", json({ email: attacker, redirectUrl: "/moji-oglasi" }))).status,
    ).toBe(202);
    const mail = await mailTo(attacker);
    expect(new URL(mail.link ?? "").pathname).toBe("/prijava/potrditev");
    expect(mail.text).toContain(`Nadaljuj kot ${attacker}`);
    const token = linkToken(mail.link);

    // The victim's browser fetches the link by GET (an <img>, a top-level navigation from the attacker's page).
    const planted = await call(`/internal-api/v1/login/email/verify?token=${token}`, {
      redirect: "manual",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(planted.status).toBe(302);
    expect(planted.headers.get("location")).toBe(`/prijava/potrditev?token=${token}`);
    expect(planted.headers.get("set-cookie") ?? "").not.toContain(appConfig.session.cookieName);
    const peek = await call(`/internal-api/v1/login/email/link?token=${token}`);
    expect(await peek.json()).toEqual({ email: attacker, movesLegacyAccount: false });

    // An auto-submitting form on the attacker's page: the cross-site guard answers 403 and nothing is used up.
    const forged = await openEmailLink(mail.link, { origin: "https://zlobno.example" });
    expect(forged.status).toBe(403);
    expect(sessionOf(forged)).toBeNull();
    const forgedFetch = await call("/internal-api/v1/login/email/verify", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ token }),
    });
    expect(forgedFetch.status).toBe(403);

    // The real user (any tab or browser: the page posts the token) signs in once.
    const opened = await openEmailLink(mail.link);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ location: "/moji-oglasi?success=true" });
    expect((await me(sessionOf(opened) ?? "")).email).toBe(attacker);
    const again = await openEmailLink(mail.link);
    expect(again.status).toBe(410);
    expect(((await again.json()) as { message: string }).message).toContain("ni več veljavna");
    expect(sessionOf(again)).toBeNull();
    expect((await call(`/internal-api/v1/login/email/link?token=${token}`)).status).toBe(404);
  });

  it("an expired link neither names the address nor signs in", async () => {
    const address = `potekla-${uid()}@primer.si`;
    await call("/internal-api/v1/login/email", json({ email: address }));
    const mail = await mailTo(address);
    await db()
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(loginTokens.tokenHash, await sha256Hex(linkToken(mail.link))));
    expect((await call(`/internal-api/v1/login/email/link?token=${linkToken(mail.link)}`)).status).toBe(404);
    const opened = await openEmailLink(mail.link);
    expect(opened.status).toBe(410);
    expect(sessionOf(opened)).toBeNull();
  });
});

describe("rule 2: a social identity joins an existing account only by its signed-in owner", () => {
  it("the attacker's X identity with the victim's address as hint is never linked by the victim's click in the genuine e-mail", async () => {
    const victim = await signedInUser();
    const attacker = await signedInUser();
    const subject = `x-napad-${uid()}`;
    // The attacker, in their own browser, starts X with the victim's address and completes it with their X account.
    const started = await start("x", { redirectUrl: "/", email: victim.user.email ?? "" });
    const back = await complete(started, { subject, email: null }, started.browser);
    expect(back.headers.get("location")).toBe(
      `/relogin?redirectUrl=%2F&reason=confirm&email=${encodeURIComponent(victim.user.email ?? "")}`,
    );
    expect(sessionOf(back)).toBeNull();
    const attackerPending = pendingOf(back);
    expect(attackerPending).not.toBeNull();

    // The victim gets a genuine e-mail and opens it: they sign in to their own account, and nothing is linked.
    const mail = await mailTo(victim.user.email ?? "");
    expect(mail.link).not.toContain("/social/");
    const opened = await openEmailLink(mail.link);
    expect(opened.status).toBe(200);
    const victimSession = sessionOf(opened) ?? "";
    expect((await me(victimSession)).id).toBe(victim.user.id);
    expect(await identityOwner(subject)).toBeNull();
    // The victim's browser holds no pending identity: there is nothing to confirm.
    expect((await call("/internal-api/v1/social/login/x/confirm", { headers: { cookie: victimSession } })).status).toBe(
      404,
    );
    expect((await post("/internal-api/v1/social/login/x/confirm", victimSession)).status).toBe(404);

    // The attacker's browser holds it, but only the account of that address may confirm it.
    const denied = await post("/internal-api/v1/social/login/x/confirm", both(attacker.cookie, attackerPending));
    expect(denied.status).toBe(403);
    expect(await identityOwner(subject)).toBeNull();
    // The attacker's X sign-in still gets them nowhere near the victim's account.
    const retry = await start("x", { redirectUrl: "/" });
    const noEmail = await complete(retry, { subject, email: null }, retry.browser);
    expect(noEmail.headers.get("location")).toBe("/relogin?redirectUrl=%2F&reason=noemail&provider=x");
    expect(sessionOf(noEmail)).toBeNull();
  });

  it("a verified provider e-mail that matches an account neither signs in nor links; the signed-in owner confirms on a screen naming provider and identity (same-origin POST)", async () => {
    const owner = await signedInUser();
    const subject = `g-${uid()}`;
    const started = await start("google", { redirectUrl: "/iskanje" });
    const back = await complete(started, { subject, email: owner.user.email }, started.browser);
    expect(back.headers.get("location")).toBe(
      `/relogin?redirectUrl=%2Fpovezava-racuna%2Fgoogle%3FredirectUrl%3D%252Fiskanje&reason=link&provider=google&email=${encodeURIComponent(owner.user.email ?? "")}`,
    );
    expect(sessionOf(back)).toBeNull();
    expect(await identityOwner(subject)).toBeNull();
    const pending = pendingOf(back);
    expect(pending).not.toBeNull();
    // Signed out, the screen shows nothing.
    expect(
      (await call("/internal-api/v1/social/login/google/confirm", { headers: { cookie: pending ?? "" } })).status,
    ).toBe(401);

    const browser = both(owner.cookie, pending);
    const view = await call("/internal-api/v1/social/login/google/confirm", { headers: { cookie: browser } });
    expect(await view.json()).toEqual({
      provider: "google",
      identity: { subject, email: owner.user.email, name: "Tine Tat" },
      email: owner.user.email,
      redirectUrl: "/iskanje",
      isOwner: true,
    });
    // A cross-site form cannot confirm it for them.
    expect(
      (await post("/internal-api/v1/social/login/google/confirm", browser, {}, { origin: "https://zlobno.example" }))
        .status,
    ).toBe(403);
    expect(await identityOwner(subject)).toBeNull();

    const confirmed = await post("/internal-api/v1/social/login/google/confirm", browser);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ redirectUrl: "/iskanje" });
    expect(await identityOwner(subject)).toBe(owner.user.id);
    expect((await post("/internal-api/v1/social/login/google/confirm", browser)).status).toBe(404);
    // From now on the identity signs in to that account.
    const next = await start("google", { redirectUrl: "/" });
    expect(
      (await me(sessionOf(await complete(next, { subject, email: owner.user.email }, next.browser)) ?? "")).id,
    ).toBe(owner.user.id);
  });

  it("an unverified provider e-mail never matches an account", async () => {
    const owner = await signedInUser();
    const subject = `g-neprev-${uid()}`;
    const started = await start("google", { redirectUrl: "/" });
    const back = await complete(started, { subject, email: owner.user.email, emailVerified: false }, started.browser);
    expect(back.headers.get("location")).toBe("/relogin?redirectUrl=%2F&reason=noemail&provider=google");
    expect(sessionOf(back)).toBeNull();
    expect(pendingOf(back)).toBeNull();
    expect(await identityOwner(subject)).toBeNull();
  });

  it("reverse: the victim's identity is never fixed to the attacker's account (attacker starts, victim completes; attacker confirms a victim's pending link)", async () => {
    const attacker = await signedInUser({
      email: null,
      phoneNumber: phone(),
      registeredAt: "2024-01-01T00:00:00.000Z",
    });
    const victim = await signedInUser();
    const subject = `g-zrtev-${uid()}`;
    // The attacker starts a sign-in in their browser (signed in: a legacy account would take the identity) and sends the provider URL to the victim.
    const started = await start("google", { redirectUrl: "/" }, attacker.cookie);
    // The victim completes it at the provider with their own identity: the callback runs in the victim's browser.
    const completed = await complete(started, { subject, email: victim.user.email }, victim.cookie);
    expect(completed.headers.get("location")).toBe("/?success=false");
    expect(sessionOf(completed)).toBeNull();
    expect(pendingOf(completed)).toBeNull();
    expect(await identityOwner(subject)).toBeNull();
    expect((await me(attacker.cookie)).email).toBeNull();

    // The victim's own sign-in leaves a pending link in the victim's browser; the attacker cannot confirm it, even holding its cookie.
    const own = await start("google", { redirectUrl: "/" });
    const pending = pendingOf(await complete(own, { subject, email: victim.user.email }, own.browser));
    expect((await post("/internal-api/v1/social/login/google/confirm", attacker.cookie)).status).toBe(404);
    expect((await post("/internal-api/v1/social/login/google/confirm", both(attacker.cookie, pending))).status).toBe(
      403,
    );
    expect(await identityOwner(subject)).toBeNull();
    expect((await me(attacker.cookie)).email).toBeNull();
  });
});

describe("rule 4: a legacy account is merged only with the consent of the target's owner", () => {
  const legacyUser = async () =>
    signedInUser({
      email: null,
      phoneNumber: phone(),
      registeredAt: "2024-03-01T10:00:00.000Z",
      firstName: "Janez",
      lastName: "Star",
    });
  const state = async (legacyId: number, postingId: number, targetId: number) => ({
    postingOwner: (
      await db().select({ userId: postings.userId }).from(postings).where(eq(postings.id, postingId)).get()
    )?.userId,
    legacy: await db()
      .select({ disabled: users.disabled, phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, legacyId))
      .get(),
    target: await db()
      .select({ phone: users.phoneNumber, phoneVerified: users.phoneVerified, merged: users.accountsWereMerged })
      .from(users)
      .where(eq(users.id, targetId))
      .get(),
  });

  it("a stranger's legacy account asking for the victim's address: the victim's click in the genuine e-mail is refused (403), signs nobody in and moves nothing", async () => {
    const attacker = await legacyUser();
    const posting = await publishedPosting({ userId: attacker.user.id });
    const victim = await signedInUser();
    const before = await state(attacker.user.id, posting.id, victim.user.id);
    expect(before).toEqual({
      postingOwner: attacker.user.id,
      legacy: { disabled: false, phone: attacker.user.phoneNumber },
      target: { phone: null, phoneVerified: false, merged: false },
    });

    expect(
      (
        await call(
          "/internal-api/v1/login/email",
          json({ email: victim.user.email, redirectUrl: "/" }, attacker.cookie),
        )
      ).status,
    ).toBe(202);
    const mail = await mailTo(victim.user.email ?? "");
    expect(await (await call(`/internal-api/v1/login/email/link?token=${linkToken(mail.link)}`)).json()).toEqual({
      email: victim.user.email,
      movesLegacyAccount: true,
    });
    // A link that moves a legacy account works only in the browser signed in to that account: the
    // victim's browser (signed out, or signed in to the victim's own account) gets a 403 that says so.
    for (const cookie of [undefined, victim.cookie]) {
      const opened = await openEmailLink(mail.link, { cookie });
      expect(opened.status).toBe(403);
      expect(((await opened.json()) as { message: string }).message).toMatch(/samo v brskalniku/);
      expect(sessionOf(opened)).toBeNull();
    }
    expect(await state(attacker.user.id, posting.id, victim.user.id)).toEqual(before);
    expect(
      await db().select().from(mergeRequests).where(eq(mergeRequests.legacyUserId, attacker.user.id)).all(),
    ).toHaveLength(0);
    expect((await me(attacker.cookie)).id).toBe(attacker.user.id);
  });

  it("a stranger's legacy account never takes over a new address: the victim's click does not give the address to the stranger's account", async () => {
    const attacker = await legacyUser();
    const address = `nov-naslov-${uid()}@primer.si`;
    expect(
      (await call("/internal-api/v1/login/email", json({ email: address, redirectUrl: "/" }, attacker.cookie))).status,
    ).toBe(202);
    const opened = await openEmailLink((await mailTo(address)).link);
    expect(opened.status).toBe(403);
    expect(sessionOf(opened)).toBeNull();
    expect((await me(attacker.cookie)).email).toBeNull();
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, address)).all()).toHaveLength(0);
  });

  it("the owner's consent merges once; the legacy phone moves only when chosen, and never as a verified phone", async () => {
    for (const takePhone of [false, true]) {
      const legacy = await legacyUser();
      const posting = await publishedPosting({ userId: legacy.user.id });
      const liked = await publishedPosting();
      await db().insert(favorites).values({ userId: legacy.user.id, postingId: liked.id, priceAtLike: 1000 });
      const owner = await signedInUser({ firstName: null, lastName: null });
      await call(
        "/internal-api/v1/login/email",
        json({ email: owner.user.email, redirectUrl: "/iskanje" }, legacy.cookie),
      );
      // The link works in the browser signed in to the legacy account, where it was asked for.
      const ownerSession =
        sessionOf(await openEmailLink((await mailTo(owner.user.email ?? "")).link, { cookie: legacy.cookie })) ?? "";
      const request = (await (
        await call("/internal-api/v1/me/merge-request", { headers: { cookie: ownerSession } })
      ).json()) as { id: number; favourites: number; phoneNumber: string; postings: { code: string }[] };
      expect(request.favourites).toBe(1);
      // The consent page lists what would move, and nobody else can accept it: not the legacy session, not another account, not a cross-site form.
      expect(request.phoneNumber).toBe(legacy.user.phoneNumber);
      expect(request.postings.map((p) => p.code)).toEqual([posting.code]);
      expect((await post("/internal-api/v1/me/merge-request", legacy.cookie, { id: request.id })).status).toBe(404);
      expect(
        (await post("/internal-api/v1/me/merge-request", (await signedInUser()).cookie, { id: request.id })).status,
      ).toBe(404);
      expect(
        (
          await post(
            "/internal-api/v1/me/merge-request",
            ownerSession,
            { id: request.id },
            { origin: "https://zlobno.example" },
          )
        ).status,
      ).toBe(403);
      // Two confirmations at once (a double click): exactly one merges.
      const answers = await Promise.all([
        post("/internal-api/v1/me/merge-request", ownerSession, { id: request.id, takePhone }),
        post("/internal-api/v1/me/merge-request", ownerSession, { id: request.id, takePhone }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
      expect(await state(legacy.user.id, posting.id, owner.user.id)).toEqual({
        postingOwner: owner.user.id,
        legacy: { disabled: true, phone: null },
        target: { phone: takePhone ? legacy.user.phoneNumber : null, phoneVerified: false, merged: true },
      });
      const moved = await db()
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, owner.user.id), eq(favorites.postingId, liked.id)))
        .get();
      expect(moved).toBeDefined();
      expect((await me(ownerSession)).firstName).toBe("Janez");
      expect((await call("/internal-api/v1/me", { headers: { cookie: legacy.cookie } })).status).toBe(401);
    }
  });

  it("a social sign-in of an identity linked to another account only asks that account's owner; nothing moves before consent", async () => {
    const legacy = await legacyUser();
    const posting = await publishedPosting({ userId: legacy.user.id });
    const owner = await signedInUser();
    const subject = `g-${uid()}`;
    await db()
      .insert(userIdentities)
      .values({ provider: "google", subject, userId: owner.user.id, email: owner.user.email });
    const before = await state(legacy.user.id, posting.id, owner.user.id);
    const started = await start("google", { redirectUrl: "/" }, legacy.cookie);
    const back = await complete(started, { subject, email: owner.user.email }, both(legacy.cookie, started.browser));
    expect(back.headers.get("location")).toBe("/zdruzitev-racunov?redirectUrl=%2F");
    expect((await me(sessionOf(back) ?? "")).id).toBe(owner.user.id);
    expect(await state(legacy.user.id, posting.id, owner.user.id)).toEqual(before);
    expect(
      await db().select().from(mergeRequests).where(eq(mergeRequests.legacyUserId, legacy.user.id)).all(),
    ).toHaveLength(1);
  });
});
