import { describe, expect, it } from "vitest";
import type { PostingCard } from "~/domain/posting-card";
import { call, publishedPosting } from "./fixtures";

// Views far above anything else in the shared test database, so these postings are the top of the list.
const top = 1_900_000_000;

describe("GET marketplace/popular-vehicles (the 403/404/500 pages' carousel)", () => {
  it("answers exactly five published postings by views descending, featured ones not pushed first, hidden and sold ones left out", async () => {
    const ranked = [];
    for (const views of [top + 50, top + 40, top + 30, top + 20, top + 10, top + 5])
      ranked.push(await publishedPosting({ viewsTotal: views }));
    // A featured posting with fewer views than all of them: search would list it first, popularity does not.
    await publishedPosting({ viewsTotal: top + 1, featuredUntil: "2099-01-01T00:00:00.000Z", featuredPackage: "TOP" });
    // More viewed than all, but not for sale or not shown.
    await publishedPosting({ viewsTotal: top + 100, status: "SOLD" });
    await publishedPosting({ viewsTotal: top + 100, hidePosting: true });

    const res = await call("/internal-api/v1/marketplace/popular-vehicles");
    expect(res.status).toBe(200);
    const cards = (await res.json()) as PostingCard[];
    expect(cards.map((c) => c.postId)).toEqual(ranked.slice(0, 5).map((p) => p.id));
  });
});
