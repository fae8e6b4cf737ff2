import { describe, expect, it } from "vitest";
import type { Me } from "~/domain/user";
import { call, publishedPosting, signedInUser } from "./fixtures";

describe("favourites", () => {
  it("likes with 201 and unlikes with 204, and GET me lists the liked postings", async () => {
    const { cookie } = await signedInUser();
    const p = await publishedPosting();
    const like = await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "POST", headers: { cookie } });
    expect(like.status).toBe(201);
    expect((await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "POST", headers: { cookie } })).status).toBe(201);
    const me = (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me;
    expect(me.likedPostings).toEqual([p.id]);
    const unlike = await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "DELETE", headers: { cookie } });
    expect(unlike.status).toBe(204);
    expect(((await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me).likedPostings).toEqual([]);
  });

  it("needs a session and an existing, visible posting", async () => {
    const p = await publishedPosting();
    expect((await call(`/internal-api/v1/postings/${p.code}/favorite`, { method: "POST" })).status).toBe(401);
    const { cookie } = await signedInUser();
    expect((await call("/internal-api/v1/postings/NEOBSTAJA/favorite", { method: "POST", headers: { cookie } })).status).toBe(404);
    const draft = await publishedPosting({ status: "DRAFT" });
    expect((await call(`/internal-api/v1/postings/${draft.code}/favorite`, { method: "POST", headers: { cookie } })).status).toBe(404);
  });
});
