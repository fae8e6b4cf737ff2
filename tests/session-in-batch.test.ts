import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { createInProcessTransport } from "~/client/server-transports";
import { sessions, users } from "~/db/schema/users";
import { insertSession } from "~/db/users.server";
import { afterResponseSettled } from "~/lib/after-response.server";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { PageSessionMemo } from "~/lib/in-process";
import {
  call,
  db,
  freshClientIp,
  publishedPosting,
  impersonationToken,
  signedInUser,
  signedInUserWithPhone,
} from "./fixtures";
import { type Trace, tracedD1 } from "./traced-d1";

// Issue 27 / decision 089, "signed in in one round trip": a signed-in posting page reads the session's row as the
// first statement of the posting's own batch. Every attack below gets the same answer through that path (the
// page's calls in the new order: the posting first, `me` while it runs) as through today's (`me` first, its own
// lookup, then the posting), and each test also checks the new path really ran (no lookup of its own, one batch
// with the session's statement first): a batched path that trusted a stale or wrong row fails here.

type Answer = { status: number; body: unknown };
type Page = { posting: Answer; me: Answer; memo: PageSessionMemo; trace: Trace };

const answer = async (res: Response): Promise<Answer> => ({
  status: res.status,
  body: res.headers.get("content-type")?.includes("json") ? await res.json() : null,
});

/**
 * One page render's calls as the server makes them: over one in-process transport with one page memo (a page
 * request's), from one client. `order` "batched": the posting first and `me` while it runs (the root starts the
 * page's first read before `me`); "today": `me` first, awaited, then the posting.
 */
async function render(cookie: string | undefined, code: string, order: "batched" | "today", client: string) {
  const trace: Trace = { batches: [], single: [] };
  const memo = new PageSessionMemo();
  const transport = createInProcessTransport(app, { ...env, DB: tracedD1(env.DB, trace) }, cookie, false, client, memo);
  const posting = () => transport(`/internal-api/v1/postings/${encodeURIComponent(code)}?similar=1`, {});
  const me = () => transport("/internal-api/v1/me", {});
  let answers: [Answer, Answer];
  if (order === "batched") {
    const p = posting();
    const m = me();
    answers = [await answer(await p), await answer(await m)];
  } else {
    const m = await answer(await me());
    answers = [await answer(await posting()), m];
  }
  await afterResponseSettled();
  return { posting: answers[0], me: answers[1], memo, trace } satisfies Page;
}

/** The answers a visitor would notice, without the view counter (the first render may count a view the second sees). */
const visible = (page: Page) => {
  const body = page.posting.body as Record<string, unknown> | null;
  const { views: _views, ...posting } = body ?? {};
  return { posting: { status: page.posting.status, body: body ? posting : null }, me: page.me };
};

const sessionStatement = /from "sessions"/;

/** Both ways for one cookie and posting: equal answers, and the new way read the session inside the posting's batch. */
async function bothWays(cookie: string | undefined, code: string) {
  const client = freshClientIp();
  const today = await render(cookie, code, "today", client);
  const batched = await render(cookie, code, "batched", client);
  expect(visible(batched)).toEqual(visible(today));
  return { today, batched };
}

/** The new path ran: no lookup of its own, no statement alone, one batch whose first statement is the session's. */
function expectBatched(page: Page) {
  expect(page.memo.lookups).toBe(0);
  expect(page.memo.batched).toBe(1);
  expect(page.trace.single.filter((q) => sessionStatement.test(q))).toEqual([]);
  expect(page.trace.batches.length).toBeGreaterThanOrEqual(1);
  expect(page.trace.batches[0]?.[0]).toMatch(sessionStatement);
  expect(
    page.trace.batches
      .slice(1)
      .flat()
      .filter((q) => sessionStatement.test(q)),
  ).toEqual([]);
}

const detail = (page: Page) => page.posting.body as { viewerCanEdit: boolean; owner: unknown; postId: number };
const cookieOf = (token: string) => `${appConfig.session.cookieName}=${token}`;

/** A session of `userId` with its own token; `values` overrides the stored row (expiry, creation, revocation). */
async function sessionOf(userId: number, values: Partial<typeof sessions.$inferInsert> = {}) {
  const token = randomToken();
  const id = await sha256Hex(token);
  await insertSession(db(), { id, userId, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  if (Object.keys(values).length) await db().update(sessions).set(values).where(eq(sessions.id, id));
  return { token, cookie: cookieOf(token), id };
}

describe("signed-in posting page: the session read in the posting's batch", () => {
  it("the owner gets their posting's owner view, another user and a visitor the public one, in one batch", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });

    const own = await bothWays(seller.cookie, String(posting.id));
    expectBatched(own.batched);
    expect(own.batched.trace.batches).toHaveLength(1);
    expect(detail(own.batched)).toMatchObject({ postId: posting.id, viewerCanEdit: true });
    expect(detail(own.batched).owner).not.toBeNull();
    expect(own.batched.me).toMatchObject({ status: 200, body: { id: seller.user.id, impersonated: false } });

    const theirs = await bothWays(other.cookie, posting.code);
    expectBatched(theirs.batched);
    expect(detail(theirs.batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(theirs.batched.me).toMatchObject({ status: 200, body: { id: other.user.id } });

    const visitor = await bothWays(undefined, String(posting.id));
    expect(visitor.batched.memo.batched).toBe(0);
    expect(visitor.batched.trace.batches.flat().filter((q) => sessionStatement.test(q))).toEqual([]);
    expect(detail(visitor.batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(visitor.batched.me.status).toBe(401);
  });

  it("a hidden posting: 200 for its seller, 404 for another signed-in user, decided from the batched row", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const hidden = await publishedPosting({ userId: seller.user.id, hidePosting: true });
    const own = await bothWays(seller.cookie, String(hidden.id));
    expectBatched(own.batched);
    expect(own.batched.posting.status).toBe(200);
    const theirs = await bothWays(other.cookie, String(hidden.id));
    expectBatched(theirs.batched);
    expect(theirs.batched.posting.status).toBe(404);
    expect(theirs.batched.me).toMatchObject({ status: 200, body: { id: other.user.id } });
  });

  it("an expired session is signed out", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const expired = await sessionOf(seller.user.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const { batched } = await bothWays(expired.cookie, String(posting.id));
    expectBatched(batched);
    expect(detail(batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(batched.me.status).toBe(401);
  });

  it("a session signed out in another tab is signed out on the next page, in the same isolate", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const before = await render(seller.cookie, String(posting.id), "batched", freshClientIp());
    expectBatched(before);
    expect(detail(before).viewerCanEdit).toBe(true);
    expect((await call("/internal-api/v1/logout", { method: "POST", headers: { cookie: seller.cookie } })).status).toBe(
      204,
    );
    const { batched } = await bothWays(seller.cookie, String(posting.id));
    expectBatched(batched);
    expect(detail(batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(batched.me.status).toBe(401);
  });

  it("a disabled (blocked) user is signed out, though the session row lives", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    await db().update(users).set({ disabled: true }).where(eq(users.id, seller.user.id));
    const { batched } = await bothWays(seller.cookie, String(posting.id));
    expectBatched(batched);
    expect(detail(batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(batched.me.status).toBe(401);
  });

  it("an impersonation session acts as the seller while it lasts; replayed after the admin stopped, it is signed out", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const seller = await signedInUserWithPhone();
    const posting = await publishedPosting({ userId: seller.user.id });
    const token = await impersonationToken(admin, seller);
    const during = await bothWays(cookieOf(token), String(posting.id));
    expectBatched(during.batched);
    expect(detail(during.batched).viewerCanEdit).toBe(true);
    expect(during.batched.me).toMatchObject({ status: 200, body: { id: seller.user.id, impersonated: true } });

    const stop = await call("/stop-impersonation", { method: "POST", headers: { cookie: cookieOf(token) } });
    expect(stop.status).toBe(200);
    const after = await bothWays(cookieOf(token), String(posting.id));
    expectBatched(after.batched);
    expect(detail(after.batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(after.batched.me.status).toBe(401);
  });

  it("a rotated token replayed: honoured for its grace minute only, the new token throughout", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const old = await sessionOf(seller.user.id, { createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    // The browser's own API call rotates it (pages' in-process calls never do).
    const rotated = await call("/internal-api/v1/me", { headers: { cookie: old.cookie } });
    const next = /avtotrg_session=([^;]+)/.exec(rotated.headers.getSetCookie().join("\n"))?.[1] ?? "";
    expect(next).not.toBe("");

    const inGrace = await bothWays(old.cookie, String(posting.id));
    expectBatched(inGrace.batched);
    expect(detail(inGrace.batched).viewerCanEdit).toBe(true);
    const fresh = await bothWays(cookieOf(next), String(posting.id));
    expectBatched(fresh.batched);
    expect(detail(fresh.batched).viewerCanEdit).toBe(true);

    // The grace minute is over (as a minute later): the old token is signed out, the new one is not.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.id, old.id));
    const replayed = await bothWays(old.cookie, String(posting.id));
    expectBatched(replayed.batched);
    expect(detail(replayed.batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(replayed.batched.me.status).toBe(401);
    expect(detail((await bothWays(cookieOf(next), String(posting.id))).batched).viewerCanEdit).toBe(true);
  });

  it("a forged cookie is signed out: a well-formed unknown token through the batch, a malformed one without any read", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const forged = await bothWays(cookieOf(randomToken()), String(posting.id));
    expectBatched(forged.batched);
    expect(detail(forged.batched)).toMatchObject({ viewerCanEdit: false, owner: null });
    expect(forged.batched.me.status).toBe(401);
    // The hash of the seller's token is not their token.
    const hashAsToken = await bothWays(cookieOf(await sha256Hex(seller.token)), String(posting.id));
    expect(detail(hashAsToken.batched).viewerCanEdit).toBe(false);
    expect(hashAsToken.batched.me.status).toBe(401);

    const malformed = await bothWays(cookieOf("a'b;--"), String(posting.id));
    expect(malformed.batched.memo.batched).toBe(0);
    expect(malformed.batched.trace.batches.flat().filter((q) => sessionStatement.test(q))).toEqual([]);
    expect(detail(malformed.batched).viewerCanEdit).toBe(false);
  });

  it("two sellers' pages at once in one isolate each get their own posting's owner view", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const pa = await publishedPosting({ userId: a.user.id });
    const pb = await publishedPosting({ userId: b.user.id });
    const cases = [
      { who: a, posting: pa },
      { who: b, posting: pb },
      { who: a, posting: pb },
      { who: b, posting: pa },
    ];
    const pages = await Promise.all(
      [0, 1, 2, 3].flatMap(() =>
        cases.map(({ who, posting }) => render(who.cookie, String(posting.id), "batched", freshClientIp())),
      ),
    );
    for (const [i, page] of pages.entries()) {
      expectBatched(page);
      const own = i % 4 < 2;
      expect(detail(page).viewerCanEdit).toBe(own);
      expect((page.me.body as { id: number }).id).toBe(i % 2 === 0 ? a.user.id : b.user.id);
    }
  });

  it("an unknown posting (404) still signs the page's `me` in from the batch; a bad code (400) from a lookup, without hanging", async () => {
    const { user, cookie } = await signedInUser();
    const missing = await bothWays(cookie, "999999999");
    expectBatched(missing.batched);
    expect(missing.batched.posting.status).toBe(404);
    expect(missing.batched.me).toMatchObject({ status: 200, body: { id: user.id } });

    const bad = await bothWays(cookie, "bad code!");
    expect(bad.batched.posting.status).toBe(400);
    expect(bad.batched.me).toMatchObject({ status: 200, body: { id: user.id } });
  });

  it("when `me` reaches the page's memo first, the posting waits for its lookup (today's path) with the same answer", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const page = await render(seller.cookie, String(posting.id), "today", freshClientIp());
    expect(page.memo.lookups).toBe(1);
    expect(page.memo.batched).toBe(0);
    expect(detail(page).viewerCanEdit).toBe(true);
  });
});
