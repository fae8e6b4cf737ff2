import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { postings } from "~/db/schema/postings";
import { sessions, userIdentities, users } from "~/db/schema/users";
import { insertSession } from "~/db/users.server";
import type { Me } from "~/domain/user";
import { sha256Hex } from "~/lib/crypto";
import { encodeLocalCode, pkceChallenge, socialProviders } from "~/services/providers/social.server";
import { callWith, expectGeneric500 } from "./faulty-d1";
import { call, db, freshClientIp, json, openEmailLink, publishedPosting, signedInUser } from "./fixtures";
import { freshMobile } from "./hostile-fixtures";

type Message = { to: string; subject: string; link: string | null; pin: string | null };
const outbox = async () => (await (await call("/internal-api/v1/dev/outbox")).json()) as Message[];
const cookieValue = (setCookie: string | null, name: string) =>
  new RegExp(`${name}=([^;]*)`).exec(setCookie ?? "")?.[1] ?? null;
const sessionCookie = (res: Response) => {
  const token = cookieValue(res.headers.get("set-cookie"), appConfig.session.cookieName);
  return token ? `${appConfig.session.cookieName}=${token}` : null;
};
let n = 0;
const uid = () => `${Date.now().toString(36)}-${n++}`;

/** Starts a sign-in and answers what the provider's consent screen received, plus the browser's state cookie. */
async function start(provider: string, query: Record<string, string>, cookie?: string) {
  const res = await call(
    `/internal-api/v1/social/login/${provider}/redirect?${new URLSearchParams(query).toString()}`,
    {
      redirect: "manual",
      headers: cookie ? { cookie } : {},
    },
  );
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get("location") ?? "");
  const state = cookieValue(res.headers.get("set-cookie"), "avtotrg_oauth_state");
  return { to, state, browser: `avtotrg_oauth_state=${state}` };
}

/** What the development consent page does: hands back a code for this identity and the PKCE challenge. */
async function consent(
  started: Awaited<ReturnType<typeof start>>,
  identity: { subject: string; email: string | null; firstName?: string; lastName?: string },
  options: { browser?: string; challenge?: string; send?: typeof call } = {},
) {
  const code = encodeLocalCode({
    subject: identity.subject,
    email: identity.email,
    firstName: identity.firstName ?? null,
    lastName: identity.lastName ?? null,
    challenge: options.challenge ?? started.to.searchParams.get("code_challenge") ?? "",
  });
  const callback = new URL(started.to.searchParams.get("redirect_uri") ?? "");
  callback.searchParams.set("code", code);
  callback.searchParams.set("state", started.to.searchParams.get("state") ?? "");
  return (options.send ?? call)(`${callback.pathname}${callback.search}`, {
    redirect: "manual",
    headers: { cookie: options.browser ?? started.browser },
  });
}

const me = async (cookie: string) => (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me;

describe("social sign-in (development stand-in for the providers, real state and PKCE checks)", () => {
  it("goes to the provider with a state and an S256 challenge, and signs a new user in on return", async () => {
    const started = await start("google", { redirectUrl: "/iskanje?fuel=DIESEL" });
    expect(started.to.pathname).toBe("/dev/prijava/google");
    expect(started.to.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(started.state).toBe(started.to.searchParams.get("state"));
    const email = `g-${uid()}@primer.si`;
    const back = await consent(started, { subject: `g-${uid()}`, email });
    expect(back.headers.get("location")).toBe("/iskanje?fuel=DIESEL&success=true");
    const cookie = sessionCookie(back);
    expect(cookie).not.toBeNull();
    expect((await me(cookie ?? "")).email).toBe(email);
  });

  it("an existing account with the same verified e-mail is not signed in to: its owner confirms the link (tests/account-link-consent.test.ts)", async () => {
    const { user } = await signedInUser();
    const subject = `g-${uid()}`;
    const back = await consent(await start("google", { redirectUrl: "/" }), { subject, email: user.email ?? "" });
    expect(back.headers.get("location")).toContain("/relogin?redirectUrl=%2Fpovezava-racuna%2Fgoogle");
    expect(sessionCookie(back)).toBeNull();
    expect(await db().select().from(userIdentities).where(eq(userIdentities.subject, subject)).get()).toBeUndefined();
  });

  it("refuses a callback from another browser, a wrong PKCE verifier and a reused state", async () => {
    const email = `g-${uid()}@primer.si`;
    const otherBrowser = await start("google", { redirectUrl: "/oglas/1" });
    const stolen = await consent(
      otherBrowser,
      { subject: `g-${uid()}`, email },
      { browser: "avtotrg_oauth_state=drugi" },
    );
    expect(stolen.headers.get("location")).toBe("/oglas/1?success=false");
    expect(sessionCookie(stolen)).toBeNull();

    const wrongPkce = await start("meta", { redirectUrl: "/" });
    const bad = await consent(
      wrongPkce,
      { subject: `m-${uid()}`, email },
      { challenge: await pkceChallenge("napačen-preverjevalnik") },
    );
    expect(bad.headers.get("location")).toBe("/?success=false");
    expect(sessionCookie(bad)).toBeNull();

    const once = await start("apple", { redirectUrl: "/" });
    const first = await consent(once, { subject: `a-${uid()}`, email });
    expect(sessionCookie(first)).not.toBeNull();
    const replay = await consent(once, { subject: `a-${uid()}`, email });
    expect(replay.headers.get("location")).toBe("/?success=false");
    expect(sessionCookie(replay)).toBeNull();
  });

  it("without an e-mail from the provider: the login page says so (reason=noemail)", async () => {
    const back = await consent(await start("x", { redirectUrl: "/iskanje" }), { subject: `x-${uid()}`, email: null });
    expect(back.headers.get("location")).toBe("/relogin?redirectUrl=%2Fiskanje&reason=noemail&provider=x");
    expect(sessionCookie(back)).toBeNull();
  });

  it("without an e-mail but with one typed in: a sign-in link to that address, then the signed-in owner links the identity for next time", async () => {
    const email = `x-${uid()}@primer.si`;
    const subject = `x-${uid()}`;
    const back = await consent(await start("x", { redirectUrl: "/iskanje", email }), { subject, email: null });
    expect(back.headers.get("location")).toBe(
      `/relogin?redirectUrl=%2Fiskanje&reason=confirm&email=${encodeURIComponent(email)}`,
    );
    const pending = `avtotrg_pending_link=${cookieValue(back.headers.get("set-cookie"), "avtotrg_pending_link")}`;
    const mail = (await outbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe("Prijava v Avtotrg");
    expect(mail?.link).toContain("/prijava/potrditev?token=");
    const opened = await openEmailLink(mail?.link);
    expect(await opened.json()).toEqual({ location: "/povezava-racuna/x?redirectUrl=%2Fiskanje&success=true" });
    const cookie = `${sessionCookie(opened)}; ${pending}`;
    expect((await me(cookie)).email).toBe(email);
    const linked = await call("/internal-api/v1/social/login/x/confirm", {
      method: "POST",
      headers: { cookie, origin: "http://localhost" },
    });
    expect(await linked.json()).toEqual({ redirectUrl: "/iskanje" });
    // Next time the identity itself is enough.
    const again = await consent(await start("x", { redirectUrl: "/" }), { subject, email: null });
    expect((await me(sessionCookie(again) ?? "")).email).toBe(email);
  });

  it("answers 404 for a provider that is not offered", async () => {
    const res = await call("/internal-api/v1/social/login/github/redirect?redirectUrl=/", { redirect: "manual" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Ta način prijave ni na voljo.");
  });

  it("offers only configured real providers, and their authorization URLs carry client id, scopes and PKCE", async () => {
    expect([...socialProviders({}, "https://avtotrg.si").keys()]).toEqual([]);
    const providers = socialProviders(
      { GOOGLE_CLIENT_ID: "gid", GOOGLE_CLIENT_SECRET: "gs", X_CLIENT_ID: "xid", DEV_OUTBOX: "1" },
      "https://avtotrg.si",
    );
    expect([...providers.keys()]).toEqual(["google", "x"]);
    const google = await providers
      .get("google")!
      .authorizationUrl({ state: "s1", codeVerifier: "v".repeat(43), emailHint: "a@primer.si" });
    expect(google.origin).toBe("https://accounts.google.com");
    expect(google.searchParams.get("client_id")).toBe("gid");
    expect(google.searchParams.get("redirect_uri")).toBe(
      "https://avtotrg.si/internal-api/v1/social/login/google/authenticate",
    );
    expect(google.searchParams.get("scope")).toBe("openid email profile");
    expect(google.searchParams.get("code_challenge_method")).toBe("S256");
    expect(google.searchParams.get("code_challenge")).toBe(await pkceChallenge("v".repeat(43)));
    expect(google.searchParams.get("login_hint")).toBe("a@primer.si");
    const x = await providers
      .get("x")!
      .authorizationUrl({ state: "s2", codeVerifier: "w".repeat(43), emailHint: null });
    expect(x.hostname).toMatch(/(twitter|x)\.com$/);
    expect(x.searchParams.get("scope")).toBe("users.read tweet.read");
  });
});

describe("moving a legacy phone account to e-mail", () => {
  const legacyUser = async () =>
    signedInUser({
      email: null,
      phoneNumber: freshMobile(),
      registeredAt: "2024-03-01T10:00:00.000Z",
      firstName: "Janez",
      lastName: "Star",
    });

  it("an e-mail link sent while signed in gives the legacy account that address", async () => {
    const legacy = await legacyUser();
    expect((await me(legacy.cookie)).registrationStatus).toBe("MISSINGEMAIL");
    const email = `nov-${uid()}@primer.si`;
    expect((await call("/internal-api/v1/login/email", json({ email, redirectUrl: "/" }, legacy.cookie))).status).toBe(
      202,
    );
    const mail = (await outbox()).find((m) => m.to === email);
    // In the browser signed in to the legacy account, where it was asked for (the only one it works in).
    const opened = await openEmailLink(mail?.link, { cookie: legacy.cookie });
    const after = await me(sessionCookie(opened) ?? "");
    expect(after.id).toBe(legacy.user.id);
    expect(after.email).toBe(email);
    expect(after.registrationStatus).not.toBe("MISSINGEMAIL");
    expect(after.accountsWereMerged).toBe(false);
    // Phone sign-in is over for this account: 446 user migrated.
    const pin = await call("/internal-api/v1/login", json({ phoneNumber: legacy.user.phoneNumber, pin: "12345" }));
    expect(pin.status).toBe(446);
  });

  it("a social identity linked to another account merges the legacy account into it after the owner's consent, once, with a notice", async () => {
    const legacy = await legacyUser();
    const posting = await publishedPosting({ userId: legacy.user.id });
    const { user: owner } = await signedInUser({ firstName: null, lastName: null });
    const subject = `g-${uid()}`;
    await db().insert(userIdentities).values({ provider: "google", subject, userId: owner.id, email: owner.email });
    const back = await consent(await start("google", { redirectUrl: "/" }, legacy.cookie), {
      subject,
      email: owner.email ?? "",
    });
    expect(back.headers.get("location")).toBe("/zdruzitev-racunov?redirectUrl=%2F");
    const cookie = sessionCookie(back) ?? "";
    const request = (await (await call("/internal-api/v1/me/merge-request", { headers: { cookie } })).json()) as {
      id: number;
    };
    const agreed = await call("/internal-api/v1/me/merge-request", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify({ id: request.id, takePhone: true }),
    });
    expect(await agreed.json()).toEqual({ redirectUrl: "/" });
    const merged = await me(cookie);
    expect(merged.id).toBe(owner.id);
    expect(merged.accountsWereMerged).toBe(true);
    expect(merged.phoneNumber).toBe(legacy.user.phoneNumber);
    expect(merged.registrationStatus).toBe("MISSINGPHONE");
    expect(merged.firstName).toBe("Janez");
    const moved = await db()
      .select({ userId: postings.userId })
      .from(postings)
      .where(eq(postings.id, posting.id))
      .get();
    expect(moved?.userId).toBe(owner.id);
    const legacyRow = await db()
      .select({ disabled: users.disabled, phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, legacy.user.id))
      .get();
    expect(legacyRow).toEqual({ disabled: true, phone: null });
    // The old session is over; the notice is acknowledged once.
    expect((await call("/internal-api/v1/me", { headers: { cookie: legacy.cookie } })).status).toBe(401);
    expect((await call("/internal-api/v1/me/accounts-merged", { method: "DELETE", headers: { cookie } })).status).toBe(
      204,
    );
    expect((await me(cookie)).accountsWereMerged).toBe(false);
  });

  /** What a legacy account owns and is, to compare before and after a sign-in that must change nothing. */
  const legacyState = async (legacyId: number, postingId: number, subject: string) => ({
    postingOwner: (
      await db().select({ userId: postings.userId }).from(postings).where(eq(postings.id, postingId)).get()
    )?.userId,
    legacy: await db()
      .select({ disabled: users.disabled, phone: users.phoneNumber, email: users.email })
      .from(users)
      .where(eq(users.id, legacyId))
      .get(),
    identity:
      (
        await db()
          .select({ userId: userIdentities.userId })
          .from(userIdentities)
          .where(eq(userIdentities.subject, subject))
          .get()
      )?.userId ?? null,
  });

  it("never merges the legacy account into a disabled account, found by its e-mail or by its linked identity", async () => {
    const legacy = await legacyUser();
    const posting = await publishedPosting({ userId: legacy.user.id });
    const { user: owner } = await signedInUser();
    await db().update(users).set({ disabled: true }).where(eq(users.id, owner.id));
    const subject = `g-${uid()}`;
    const before = await legacyState(legacy.user.id, posting.id, subject);
    expect(before).toEqual({
      postingOwner: legacy.user.id,
      legacy: { disabled: false, phone: legacy.user.phoneNumber, email: null },
      identity: null,
    });

    const byEmail = await consent(await start("google", { redirectUrl: "/" }, legacy.cookie), {
      subject,
      email: owner.email ?? "",
    });
    expect(byEmail.headers.get("location")).toBe("/?success=false");
    expect(sessionCookie(byEmail)).toBeNull();
    expect(await legacyState(legacy.user.id, posting.id, subject)).toEqual(before);

    await db().insert(userIdentities).values({ provider: "google", subject, userId: owner.id, email: owner.email });
    const byIdentity = await consent(await start("google", { redirectUrl: "/" }, legacy.cookie), {
      subject,
      email: owner.email ?? "",
    });
    expect(byIdentity.headers.get("location")).toBe("/?success=false");
    expect(sessionCookie(byIdentity)).toBeNull();
    expect(await legacyState(legacy.user.id, posting.id, subject)).toEqual({ ...before, identity: owner.id });
    expect((await me(legacy.cookie)).id).toBe(legacy.user.id);
  });

  it("asks to merge and signs in all or nothing: with the session's insert failing nothing is asked and the legacy account keeps everything", async () => {
    const legacy = await legacyUser();
    const posting = await publishedPosting({ userId: legacy.user.id });
    const { user: owner } = await signedInUser();
    const subject = `g-${uid()}`;
    await db().insert(userIdentities).values({ provider: "google", subject, userId: owner.id, email: owner.email });
    const before = await legacyState(legacy.user.id, posting.id, subject);
    const failing = async (path: string, init?: RequestInit) =>
      callWith({ failStatement: /^insert into "sessions"/i }, path, init);
    await expectGeneric500(
      await consent(
        await start("google", { redirectUrl: "/" }, legacy.cookie),
        { subject, email: owner.email ?? "" },
        { send: failing },
      ),
    );
    expect(await legacyState(legacy.user.id, posting.id, subject)).toEqual(before);
    expect((await me(legacy.cookie)).id).toBe(legacy.user.id);
    // Signing in again (a new state and code: the provider's code is single-use anyway) asks once; the consent merges.
    const back = await consent(await start("google", { redirectUrl: "/" }, legacy.cookie), {
      subject,
      email: owner.email ?? "",
    });
    const cookie = sessionCookie(back) ?? "";
    expect((await me(cookie)).id).toBe(owner.id);
    expect(await legacyState(legacy.user.id, posting.id, subject)).toEqual(before);
    const request = (await (await call("/internal-api/v1/me/merge-request", { headers: { cookie } })).json()) as {
      id: number;
    };
    await call("/internal-api/v1/me/merge-request", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify({ id: request.id }),
    });
    expect(await legacyState(legacy.user.id, posting.id, subject)).toEqual({
      postingOwner: owner.id,
      legacy: { disabled: true, phone: null, email: null },
      identity: owner.id,
    });
  });
});

describe("session rotation", () => {
  async function oldSession() {
    const { user, token, cookie } = await signedInUser();
    const hash = await sha256Hex(token);
    await db().delete(sessions).where(eq(sessions.id, hash));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await insertSession(db(), {
      id: hash,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await db().update(sessions).set({ createdAt: twoDaysAgo }).where(eq(sessions.id, hash));
    return { user, token, cookie };
  }

  it("gives a day-old session a new token on the browser's API call; the old one lasts only a grace minute", async () => {
    const { user, cookie } = await oldSession();
    const res = await call("/internal-api/v1/me", { headers: { cookie } });
    expect(res.status).toBe(200);
    const next = sessionCookie(res);
    expect(next).not.toBeNull();
    expect(next).not.toBe(cookie);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect((await me(next ?? "")).id).toBe(user.id);
    // Requests in flight with the old token still work, without rotating again.
    const inFlight = await call("/internal-api/v1/me", { headers: { cookie } });
    expect(inFlight.status).toBe(200);
    expect(sessionCookie(inFlight)).toBeNull();
    const old = await db()
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(cookie.split("=")[1] ?? "")))
      .get();
    expect(new Date(old?.expiresAt ?? 0).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it("does not rotate on the pages' in-process calls, whose cookies never reach the browser", async () => {
    const { cookie } = await oldSession();
    const { app } = await import("~/api/app");
    const { env } = await import("cloudflare:workers");
    const res = await app.request("http://internal.avtotrg/internal-api/v1/me", { headers: { cookie } }, env);
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeNull();
  });

  it("leaves fresh sessions alone", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/internal-api/v1/me", { headers: { cookie } });
    expect(sessionCookie(res)).toBeNull();
  });
});

describe("PIN attempts per IP", () => {
  it("answers 429 once one address has tried too many codes, whatever the numbers", async () => {
    const ip = freshClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const phone = `+38651${String(100000 + i).padStart(6, "0")}`;
      const res = await call("/internal-api/v1/login", {
        ...json({ phoneNumber: phone, pin: "12345" }),
        headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 445)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
