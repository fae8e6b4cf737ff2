import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { bookmarkCookieName } from "~/db/client.server";
import type { Me } from "~/domain/user";
import { createInProcessTransport } from "~/client/server-transports";
import { call, json, openEmailLink, publishedPosting, signedInUser } from "./fixtures";

/** The D1 binding with every withSession() call recorded: which bookmark each request started from. */
function recordingEnv() {
  const anchors: (string | undefined)[] = [];
  const DB: D1Database = {
    prepare: (query) => env.DB.prepare(query),
    batch: (statements) => env.DB.batch(statements),
    exec: (query) => env.DB.exec(query),
    dump: () => env.DB.dump(),
    withSession: (constraintOrBookmark) => {
      anchors.push(constraintOrBookmark);
      return env.DB.withSession(constraintOrBookmark);
    },
  };
  return { bindings: { ...env, DB }, anchors };
}

/** The avtotrg_d1b Set-Cookie of a response, if any. */
const bookmarkCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${bookmarkCookieName}=`));
const cookieValue = (setCookie: string) =>
  decodeURIComponent(setCookie.slice(bookmarkCookieName.length + 1).split(";")[0] ?? "");

describe("D1 read replication (Sessions API)", () => {
  it("a write sets the bookmark cookie, and a read carrying it starts its session there and sees the write", async () => {
    const { cookie } = await signedInUser();
    const posting = await publishedPosting();
    const { bindings, anchors } = recordingEnv();

    const like = await app.request(
      `http://localhost/internal-api/v1/postings/${posting.code}/favorite`,
      { method: "POST", headers: { cookie } },
      bindings,
    );
    expect(like.status).toBe(201);
    expect(anchors).toEqual(["first-unconstrained"]); // no bookmark yet: any replica
    const setCookie = bookmarkCookie(like);
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const bookmark = cookieValue(setCookie ?? "");
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/i);

    // The browser's next API call.
    const withBookmark = `${cookie}; ${bookmarkCookieName}=${bookmark}`;
    const me = await app.request(
      "http://localhost/internal-api/v1/me",
      { headers: { cookie: withBookmark } },
      bindings,
    );
    expect(((await me.json()) as Me).likedPostings).toContain(posting.id);
    expect(anchors[1]).toBe(bookmark);
    expect(bookmarkCookie(me)).toBeUndefined(); // reads do not move the bookmark

    // A server-rendered page calls the API in-process with the page request's cookies.
    const ssr = createInProcessTransport(app, bindings, withBookmark);
    const ssrMe = await ssr("me", { method: "GET" });
    expect(((await ssrMe.json()) as Me).likedPostings).toContain(posting.id);
    expect(anchors[2]).toBe(bookmark);
  });

  it("each later write moves the bookmark forward (never backwards)", async () => {
    const { cookie } = await signedInUser();
    const [a, b] = [await publishedPosting(), await publishedPosting()];
    const first = cookieValue(
      bookmarkCookie(
        await call(`/internal-api/v1/postings/${a.code}/favorite`, { method: "POST", headers: { cookie } }),
      ) ?? "",
    );
    const withFirst = `${cookie}; ${bookmarkCookieName}=${first}`;
    const second = cookieValue(
      bookmarkCookie(
        await call(`/internal-api/v1/postings/${b.code}/favorite`, { method: "POST", headers: { cookie: withFirst } }),
      ) ?? "",
    );
    expect(second).not.toBe("");
    // D1 bookmarks are fixed-width hex groups: they order as strings.
    expect(second > first).toBe(true);
  });

  it("anonymous reads set no cookie (pages stay cacheable) and a forged bookmark cookie is ignored, not an error", async () => {
    const search = await call("/internal-api/v1/marketplace/search?sort=priceAsc");
    expect(search.status).toBe(200);
    expect(search.headers.get("set-cookie")).toBeNull();

    const { bindings, anchors } = recordingEnv();
    for (const forged of ["'; DROP TABLE postings;--", "x".repeat(5000), "not-a-bookmark", ""]) {
      const res = await app.request(
        "http://localhost/internal-api/v1/marketplace/search",
        { headers: { cookie: `${bookmarkCookieName}=${encodeURIComponent(forged)}` } },
        bindings,
      );
      expect(res.status).toBe(200);
    }
    expect(anchors).toEqual(Array(4).fill("first-unconstrained"));
  });

  it("the POST that signs in (the e-mail link's confirmation) carries the bookmark with the new session cookie", async () => {
    const address = `d1b-${Date.now()}@primer.si`;
    expect((await call("/internal-api/v1/login/email", json({ email: address }))).status).toBe(202);
    const outbox = (await (await call("/internal-api/v1/dev/outbox")).json()) as { to: string; link: string | null }[];
    const link = outbox.find((m) => m.to === address)?.link ?? "";
    const open = await openEmailLink(link);
    expect(open.status).toBe(200);
    const session =
      open.headers
        .getSetCookie()
        .find((c) => c.startsWith("avtotrg_session="))
        ?.split(";")[0] ?? "";
    const bookmark = cookieValue(bookmarkCookie(open) ?? "");
    expect(bookmark).not.toBe("");
    // The very next request (possibly served by a replica) already knows the new session.
    const me = await call("/internal-api/v1/me", {
      headers: { cookie: `${session}; ${bookmarkCookieName}=${bookmark}` },
    });
    expect(((await me.json()) as Me).email).toBe(address);
  });
});
