import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import { oauthConsentSessions, partnerApplications } from "~/db/schema/partner-oauth";
import { postings } from "~/db/schema/postings";
import { appConfig } from "~/app.config";
import { pkceChallengeS256 } from "~/domain/partner-oauth";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { call, db, freshClientIp, publishedPosting, signedInUser, unique } from "./fixtures";

const api = "/internal-api/v1";
const redirect = "https://dms.example/oauth/callback";

/** A partner application, two dealerships (A and B) with a head each, a posting per dealership and a buyer. */
async function setup() {
  const tag = unique();
  const secret = `secret-${tag}-${randomToken(8)}`;
  const [partner] = await db()
    .insert(partnerApplications)
    .values({
      code: `dms-${tag}`,
      name: `DMS ${tag} d.o.o.`,
      redirectUris: [redirect, "http://localhost:8787/dev/partner-callback"],
      clientSecretHash: await sha256Hex(secret),
    })
    .returning();
  const [a] = await db()
    .insert(dealerships)
    .values({ name: `A ${tag}`, code: `pa-${tag}` })
    .returning();
  const [b] = await db()
    .insert(dealerships)
    .values({ name: `B ${tag}`, code: `pb-${tag}` })
    .returning();
  if (!partner || !a || !b) throw new Error("setup failed");
  const headA = await signedInUser({ dealershipId: a.id, dealershipRole: "HEAD" });
  const headB = await signedInUser({ dealershipId: b.id, dealershipRole: "HEAD" });
  const buyer = await signedInUser();
  const postingA = await publishedPosting({ userId: headA.user.id, dealershipId: a.id });
  const postingB = await publishedPosting({ userId: headB.user.id, dealershipId: b.id });
  return { partner, secret, a, b, headA, headB, buyer, postingA, postingB };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function start(t: Setup, cookie?: string, params: Record<string, string> = {}) {
  const verifier = randomToken(48);
  const query = new URLSearchParams({
    redirectUrl: redirect,
    state: "xyz",
    code_challenge: await pkceChallengeS256(verifier),
    code_challenge_method: "S256",
    ...params,
  });
  const res = await call(`${api}/oauth2/${t.partner.code}?${query}`, { headers: cookie ? { cookie } : {} });
  const location = res.headers.get("location") ?? "";
  const sessionId = new URL(location || "/", "http://localhost").searchParams.get("session") ?? "";
  return { res, location, sessionId, verifier };
}

/** Starts and allows as `cookie`; answers the code and state from the partner's redirect. */
async function authorize(t: Setup, cookie = t.headA.cookie) {
  const started = await start(t, cookie);
  expect(started.location).toBe(`/oauth/allow?session=${started.sessionId}`);
  const res = await call(`${api}/oauth2-session/${started.sessionId}`, { method: "POST", headers: { cookie } });
  expect(res.status).toBe(200);
  const { redirectUrl } = (await res.json()) as { redirectUrl: string };
  const url = new URL(redirectUrl);
  expect(`${url.origin}${url.pathname}`).toBe(redirect);
  return {
    code: url.searchParams.get("code") ?? "",
    state: url.searchParams.get("state"),
    verifier: started.verifier,
    sessionId: started.sessionId,
  };
}

function claim(t: Setup, values: Record<string, string>) {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    redirect_uri: redirect,
    client_id: t.partner.code,
    client_secret: t.secret,
    ...values,
  });
  return call(`${api}/oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

async function token(t: Setup) {
  const { code, verifier } = await authorize(t);
  const res = await claim(t, { code, code_verifier: verifier });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const bearer = (accessToken: string, method = "GET", body?: unknown): RequestInit => ({
  method,
  headers: {
    authorization: `Bearer ${accessToken}`,
    ...(body === undefined ? {} : { "content-type": "application/json" }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});

describe("partner OAuth: authorization code with PKCE", () => {
  it("runs start → allow → code → token → the dealership's postings with Bearer", async () => {
    const t = await setup();
    const started = await start(t, t.headA.cookie);
    expect(started.res.status).toBe(302);
    const view = await call(`${api}/oauth2-session/${started.sessionId}`, { headers: { cookie: t.headA.cookie } });
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      partner: { code: t.partner.code, name: t.partner.name },
      canGrant: true,
      dealershipName: t.a.name,
      status: "PENDING",
    });

    const finished = await call(`${api}/oauth2-session/${started.sessionId}`, {
      method: "POST",
      headers: { cookie: t.headA.cookie },
    });
    const callback = new URL(((await finished.json()) as { redirectUrl: string }).redirectUrl);
    expect(callback.searchParams.get("state")).toBe("xyz");
    const res = await claim(t, { code: callback.searchParams.get("code") ?? "", code_verifier: started.verifier });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const grant = (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
    expect(grant).toMatchObject({ token_type: "Bearer", scope: "postings", expires_in: 30 * 86_400 });

    const stock = await call(`${api}/draft?includeDealership=true`, bearer(grant.access_token));
    expect(stock.status).toBe(200);
    expect(((await stock.json()) as { postings: { code: string }[] }).postings.map((p) => p.code)).toEqual([
      t.postingA.code,
    ]);
    const sold = await call(
      `${api}/postings/${t.postingA.code}/status`,
      bearer(grant.access_token, "POST", { status: "SOLD" }),
    );
    expect(sold.status).toBe(200);
    expect(
      (await db().select({ status: postings.status }).from(postings).where(eq(postings.id, t.postingA.id)).get())
        ?.status,
    ).toBe("SOLD");
    // The session is finished: it cannot hand out a second code.
    expect(
      (
        await call(`${api}/oauth2-session/${started.sessionId}`, {
          method: "POST",
          headers: { cookie: t.headA.cookie },
        })
      ).status,
    ).toBe(409);
  });

  it("sends a signed-out visitor to the login and an account without names to the registration", async () => {
    const t = await setup();
    expect((await start(t)).location).toMatch(/^\/oauth\/login\?session=[\w-]{43}$/);
    const nameless = await signedInUser({ firstName: null, lastName: null });
    expect((await start(t, nameless.cookie)).location).toMatch(/^\/oauth\/register\?session=/);
  });

  it("refuses an unregistered redirect URL, a missing PKCE challenge and an unknown partner without redirecting", async () => {
    const t = await setup();
    const wrong = await start(t, t.headA.cookie, { redirectUrl: `${redirect}/other` });
    expect(wrong.res.status).toBe(400);
    expect(wrong.location).toBe("");
    expect(((await wrong.res.json()) as { message: string }).message).toBe(
      "Naslov za preusmeritev ni registriran za to aplikacijo.",
    );
    expect((await start(t, t.headA.cookie, { code_challenge_method: "plain" })).res.status).toBe(400);
    const res = await call(
      `${api}/oauth2/ni-takega?${new URLSearchParams({ redirectUrl: redirect, code_challenge: "a".repeat(43), code_challenge_method: "S256" })}`,
    );
    expect(res.status).toBe(404);
  });

  it("refuses a reused code and revokes the token it produced", async () => {
    const t = await setup();
    const { code, verifier } = await authorize(t);
    const first = await claim(t, { code, code_verifier: verifier });
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    expect((await call(`${api}/draft?includeDealership=true`, bearer(access_token))).status).toBe(200);

    const again = await claim(t, { code, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant", statusCode: 400 });
    expect((await call(`${api}/draft?includeDealership=true`, bearer(access_token))).status).toBe(401);
  });

  it("refuses a wrong verifier, redirect URI or client secret", async () => {
    const t = await setup();
    const a = await authorize(t);
    const wrongVerifier = await claim(t, { code: a.code, code_verifier: randomToken(48) });
    expect(wrongVerifier.status).toBe(400);
    expect(((await wrongVerifier.json()) as { error: string }).error).toBe("invalid_grant");
    // One attempt per code: the right verifier afterwards is refused too.
    expect((await claim(t, { code: a.code, code_verifier: a.verifier })).status).toBe(400);

    const b = await authorize(t);
    const wrongRedirect = await claim(t, {
      code: b.code,
      code_verifier: b.verifier,
      redirect_uri: "http://localhost:8787/dev/partner-callback",
    });
    expect(wrongRedirect.status).toBe(400);
    expect(((await wrongRedirect.json()) as { error: string }).error).toBe("invalid_grant");

    const c = await authorize(t);
    const wrongSecret = await claim(t, { code: c.code, code_verifier: c.verifier, client_secret: "guess" });
    expect(wrongSecret.status).toBe(401);
    expect(((await wrongSecret.json()) as { error: string }).error).toBe("invalid_client");
    // A failed client authentication does not burn the code.
    expect((await claim(t, { code: c.code, code_verifier: c.verifier })).status).toBe(200);

    const missing = await call(`${api}/oauth2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "authorization_code", client_id: t.partner.code }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("accepts the token request as JSON too", async () => {
    const t = await setup();
    const { code, verifier } = await authorize(t);
    const res = await call(`${api}/oauth2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirect,
        client_id: t.partner.code,
        client_secret: t.secret,
        code_verifier: verifier,
      }),
    });
    expect(res.status).toBe(200);
  });

  it("answers 410 with the expiry message for an expired session, and a denial goes back with access_denied", async () => {
    const t = await setup();
    const started = await start(t, t.headA.cookie);
    await db()
      .update(oauthConsentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(oauthConsentSessions.id, started.sessionId));
    const view = await call(`${api}/oauth2-session/${started.sessionId}`, { headers: { cookie: t.headA.cookie } });
    expect(view.status).toBe(410);
    expect(((await view.json()) as { message: string }).message).toBe("Zahteva je bila preklicana ali je potekla.");
    expect(
      (
        await call(`${api}/oauth2-session/${started.sessionId}`, {
          method: "POST",
          headers: { cookie: t.headA.cookie },
        })
      ).status,
    ).toBe(410);

    const denied = await start(t, t.headA.cookie);
    const res = await call(`${api}/oauth2-session/${denied.sessionId}`, {
      method: "DELETE",
      headers: { cookie: t.headA.cookie },
    });
    expect(res.status).toBe(200);
    const back = new URL(((await res.json()) as { redirectUrl: string }).redirectUrl);
    expect([back.searchParams.get("error"), back.searchParams.get("state"), back.searchParams.get("code")]).toEqual([
      "access_denied",
      "xyz",
      null,
    ]);
    expect((await call(`${api}/oauth2-session/${denied.sessionId}`)).status).toBe(410);
  });

  it("refuses a user who is not a dealership member (403)", async () => {
    const t = await setup();
    const started = await start(t, t.buyer.cookie);
    const view = await call(`${api}/oauth2-session/${started.sessionId}`, { headers: { cookie: t.buyer.cookie } });
    expect(await view.json()).toMatchObject({ canGrant: false, signedIn: true });
    const res = await call(`${api}/oauth2-session/${started.sessionId}`, {
      method: "POST",
      headers: { cookie: t.buyer.cookie },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/poslovni uporabnik/);
    expect((await call(`${api}/oauth2-session/${started.sessionId}`, { method: "POST" })).status).toBe(401);
  });

  it("keeps a partner token to its own dealership's postings", async () => {
    const t = await setup();
    const accessToken = await token(t);
    const other = await call(
      `${api}/postings/${t.postingB.code}/status`,
      bearer(accessToken, "POST", { status: "SOLD" }),
    );
    expect([403, 404]).toContain(other.status);
    expect(
      (await db().select({ status: postings.status }).from(postings).where(eq(postings.id, t.postingB.id)).get())
        ?.status,
    ).toBe("PUBLISHED");
    expect([403, 404]).toContain((await call(`${api}/draft/${t.postingB.code}`, bearer(accessToken, "DELETE"))).status);

    for (const [method, path] of [
      ["GET", "/me"],
      ["POST", `/dealership/${t.a.code}`],
      ["GET", "/dealer/salespeople"],
      ["GET", "/dealer/partner-grants"],
      ["POST", `/postings/${t.postingA.code}/buy-pricing-item`],
      ["GET", "/admin/salespeople"],
    ] as const) {
      const res = await call(`${api}${path}`, bearer(accessToken, method));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("lets a member list and revoke the dealership's grants; a revoked token gets 401", async () => {
    const t = await setup();
    const accessToken = await token(t);
    const list = await call(`${api}/dealer/partner-grants`, { headers: { cookie: t.headA.cookie } });
    expect(await list.json()).toEqual([
      expect.objectContaining({ partnerCode: t.partner.code, partnerName: t.partner.name, grantedBy: "Ana Novak" }),
    ]);
    // Another dealership sees nothing and cannot revoke it.
    expect(await (await call(`${api}/dealer/partner-grants`, { headers: { cookie: t.headB.cookie } })).json()).toEqual(
      [],
    );
    expect(
      (
        await call(`${api}/dealer/partner-grants/${t.partner.code}`, {
          method: "DELETE",
          headers: { cookie: t.headB.cookie },
        })
      ).status,
    ).toBe(404);
    expect((await call(`${api}/draft?includeDealership=true`, bearer(accessToken))).status).toBe(200);

    expect(
      (
        await call(`${api}/dealer/partner-grants/${t.partner.code}`, {
          method: "DELETE",
          headers: { cookie: t.headA.cookie },
        })
      ).status,
    ).toBe(204);
    const revoked = await call(`${api}/draft?includeDealership=true`, bearer(accessToken));
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toContain("invalid_token");
    expect(await (await call(`${api}/dealer/partner-grants`, { headers: { cookie: t.headA.cookie } })).json()).toEqual(
      [],
    );
    expect((await call(`${api}/dealer/partner-grants`, { headers: { cookie: t.buyer.cookie } })).status).toBe(403);
  });
});

describe("consent screens opened without bound", () => {
  it("one address gets 429 in Slovenian after the limit in 10 minutes; another address is unaffected", async () => {
    const t = await setup();
    const ip = freshClientIp();
    const open = async (from: string) => {
      const query = new URLSearchParams({
        redirectUrl: redirect,
        code_challenge: await pkceChallengeS256(randomToken(48)),
        code_challenge_method: "S256",
      });
      return call(`${api}/oauth2/${t.partner.code}?${query}`, { headers: { "cf-connecting-ip": from } });
    };
    const statuses: number[] = [];
    for (let i = 0; i < appConfig.limits.consentStartsPerIpPer10Min + 1; i++) statuses.push((await open(ip)).status);
    expect(statuses.slice(0, -1).every((s) => s === 302)).toBe(true);
    const refused = await open(ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      statusCode: 429,
      message: "Preveč zahtev za soglasje. Poskusite znova čez nekaj minut.",
    });
    expect(statuses.at(-1)).toBe(429);
    const rows = await db()
      .select()
      .from(oauthConsentSessions)
      .where(eq(oauthConsentSessions.partnerId, t.partner.id))
      .all();
    expect(rows).toHaveLength(appConfig.limits.consentStartsPerIpPer10Min);
    expect((await open(`${ip}1`)).status).toBe(302);
  });
});
