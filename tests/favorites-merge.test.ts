import { describe, expect, it } from "vitest";
import type { Me } from "~/domain/user";
import { call, json, publishedPosting, signedInUser } from "./fixtures";

const likedOf = async (cookie: string) =>
  ((await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me).likedPostings;

const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

describe("favourites kept in the browser, merged at sign-in", () => {
  it("merges published postings only, idempotently, into the caller's own list", async () => {
    const a = await publishedPosting();
    const b = await publishedPosting({ searchPrice: 700_000 });
    const draft = await publishedPosting({ status: "DRAFT" });
    const hidden = await publishedPosting({ hidePosting: true });
    const owner = await signedInUser();
    const other = await signedInUser();
    await call(`/internal-api/v1/postings/${a.code}/favorite`, { method: "POST", headers: { cookie: other.cookie } });

    expect((await call("/internal-api/v1/favorites/merge", json({ codes: [a.code] }))).status).toBe(401);
    // A forged user id in the body is ignored: the list is always the session's.
    const body = { codes: [a.code, b.code, draft.code, hidden.code, "NEOBSTAJA", a.code], userId: other.user.id };
    const merged = await call("/internal-api/v1/favorites/merge", json(body, owner.cookie));
    expect(merged.status).toBe(200);
    expect(((await merged.json()) as { likedPostings: number[] }).likedPostings.sort()).toEqual([a.id, b.id].sort());
    // Twice, or twice at once: the same list.
    await Promise.all([
      call("/internal-api/v1/favorites/merge", json(body, owner.cookie)),
      call("/internal-api/v1/favorites/merge", json(body, owner.cookie)),
    ]);
    expect((await likedOf(owner.cookie)).sort()).toEqual([a.id, b.id].sort());
    expect(await likedOf(other.cookie)).toEqual([a.id]);
    const favourites = (await (
      await call("/internal-api/v1/favorites", { headers: { cookie: owner.cookie } })
    ).json()) as { card: { code: string }; priceAtLike: number | null }[];
    expect(favourites.find((f) => f.card.code === b.code)?.priceAtLike).toBe(700_000);
  });

  it("refuses junk and more than the cap with Slovenian field errors", async () => {
    const { cookie } = await signedInUser();
    const tooMany = Array.from({ length: 51 }, (_, i) => `KODA${i}`);
    const capped = await call("/internal-api/v1/favorites/merge", json({ codes: tooMany }, cookie));
    expect(capped.status).toBe(400);
    expect(((await capped.json()) as { fieldErrors: { message: string }[] }).fieldErrors[0]?.message).toBe(
      "Naenkrat lahko dodate največ 50 oglasov.",
    );
    for (const codes of [["<script>"], "A,B", [1, 2], null]) {
      expect((await call("/internal-api/v1/favorites/merge", json({ codes }, cookie))).status).toBe(400);
    }
  });

  it("shows a signed-out visitor the cards of published postings only, in the order kept", async () => {
    const a = await publishedPosting();
    const b = await publishedPosting();
    const draft = await publishedPosting({ status: "DRAFT" });
    const res = await call(`/internal-api/v1/favorites/cards?codes=${b.code},${draft.code},junk<>,${a.code}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: string }[]).map((c) => c.code)).toEqual([b.code, a.code]);
  });
});

describe("the heart as a form post (before the page is interactive)", () => {
  it("signed in: sets the like and comes back with 303; signed out: to sign-in with the intent", async () => {
    const p = await publishedPosting();
    const { cookie } = await signedInUser();
    const path = `/internal-api/v1/postings/${p.code}/favorite/form`;
    const like = await call(path, form({ liked: "1", returnTo: `/oglas/${p.id}` }, { cookie }));
    expect(like.status).toBe(303);
    expect(like.headers.get("location")).toBe(`/oglas/${p.id}`);
    expect(await likedOf(cookie)).toEqual([p.id]);
    const unlike = await call(path, form({ liked: "0", returnTo: `/iskanje?fuel=DIESEL` }, { cookie }));
    expect(unlike.headers.get("location")).toBe("/iskanje?fuel=DIESEL");
    expect(await likedOf(cookie)).toEqual([]);

    const signedOut = await call(path, form({ liked: "1", returnTo: `/oglas/${p.id}` }));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe(
      `/relogin?redirectUrl=${encodeURIComponent(`/oglas/${p.id}?priljubi=${p.code}`)}`,
    );
    // The intent travels in a short-lived cookie naming the car too: a bare `?priljubi=` link adds nothing.
    const intent = signedOut.headers.get("set-cookie") ?? "";
    expect(intent).toContain(`avtotrg_priljubi=${p.code}`);
    expect(intent).toMatch(/Max-Age=1800/);
    expect(intent).toMatch(/SameSite=Lax/);
  });

  it("never returns to another site, and refuses a cross-site post before liking", async () => {
    const p = await publishedPosting();
    const { cookie } = await signedInUser();
    const path = `/internal-api/v1/postings/${p.code}/favorite/form`;
    for (const returnTo of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "/%2F%2Fevil.example",
      "/\t/evil",
    ]) {
      const res = await call(path, form({ liked: "1", returnTo }, { cookie }));
      expect(res.status, returnTo).toBe(303);
      expect(res.headers.get("location"), returnTo).toBe("/");
      const out = await call(path, form({ liked: "1", returnTo }));
      expect(decodeURIComponent(out.headers.get("location") ?? ""), returnTo).toBe(
        `/relogin?redirectUrl=/?priljubi=${p.code}`,
      );
    }
    const { cookie: victim } = await signedInUser();
    const forged = await call(
      path,
      form(
        { liked: "1", returnTo: "/" },
        { cookie: victim, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ),
    );
    expect(forged.status).toBe(403);
    expect(await likedOf(victim)).toEqual([]);
    const draft = await publishedPosting({ status: "DRAFT" });
    const refused = await call(
      `/internal-api/v1/postings/${draft.code}/favorite/form`,
      form({ liked: "1", returnTo: "/" }, { cookie }),
    );
    expect(refused.status).toBe(404);
    expect((await call(path, form({ liked: "maybe" }, { cookie }))).status).toBe(400);
  });
});
