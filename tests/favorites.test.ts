import { describe, expect, it } from "vitest";
import type { Me } from "~/domain/user";
import { eq } from "drizzle-orm";
import { postings } from "~/db/schema/postings";
import { call, db, publishedPosting, signedInUser } from "./fixtures";

describe("favourites", () => {
  it("likes with 201 and unlikes with 204, and GET me lists the liked postings", async () => {
    const { cookie } = await signedInUser();
    const p = await publishedPosting();
    const like = await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "POST", headers: { cookie } });
    expect(like.status).toBe(201);
    expect(
      (await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "POST", headers: { cookie } })).status,
    ).toBe(201);
    const me = (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me;
    expect(me.likedPostings).toEqual([p.id]);
    const unlike = await call(`/internal-api/v1/postings/${p.code}/favorite`, {
      method: "DELETE",
      headers: { cookie },
    });
    expect(unlike.status).toBe(204);
    expect(((await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me).likedPostings).toEqual(
      [],
    );
  });

  it("needs a session and an existing, visible posting", async () => {
    const p = await publishedPosting();
    expect((await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "POST" })).status).toBe(401);
    const { cookie } = await signedInUser();
    expect(
      (await call("/internal-api/v1/postings/NEOBSTAJA/favorite", { method: "POST", headers: { cookie } })).status,
    ).toBe(404);
    const draft = await publishedPosting({ status: "DRAFT" });
    expect(
      (await call(`/internal-api/v1/postings/${draft.code}/favorite`, { method: "POST", headers: { cookie } })).status,
    ).toBe(404);
  });
});

describe("favourites list", () => {
  it("lists liked postings newest first with the price drop since liking", async () => {
    const { cookie } = await signedInUser();
    const cheaper = await publishedPosting({ price: 2_000_000, searchPrice: 2_000_000 });
    const same = await publishedPosting({ price: 1_500_000, searchPrice: 1_500_000 });
    await call(`/internal-api/v1/postings/${cheaper.code}/favorite`, { method: "POST", headers: { cookie } });
    await call(`/internal-api/v1/postings/${same.code}/favorite`, { method: "POST", headers: { cookie } });
    await db().update(postings).set({ price: 1_850_000, searchPrice: 1_850_000 }).where(eq(postings.id, cheaper.id));
    const list = (await (await call("/internal-api/v1/favorites", { headers: { cookie } })).json()) as {
      card: { postId: number };
      priceDrop: number | null;
      priceAtLike: number | null;
    }[];
    expect(
      list.map((f) => [f.card.postId, f.priceAtLike, f.priceDrop]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      [
        [cheaper.id, 2_000_000, 150_000],
        [same.id, 1_500_000, null],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect((await call("/internal-api/v1/favorites")).status).toBe(401);
  });
});
