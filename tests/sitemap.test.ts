import { describe, expect, it } from "vitest";
import { call, publishedPosting } from "./fixtures";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("sitemap.xml", () => {
  it("indexes the pages, dealers and posting files, and lists a published posting but not a hidden or sold one", async () => {
    const listed = await publishedPosting();
    const hidden = await publishedPosting({ hidePosting: true });
    const sold = await publishedPosting({ status: "SOLD" });

    const index = await call("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toContain("application/xml");
    const parts = locs(await index.text());
    expect(parts).toEqual(
      expect.arrayContaining([
        "http://localhost/sitemap-pages.xml",
        "http://localhost/sitemap-dealers.xml",
        "http://localhost/sitemap-postings-1.xml",
      ]),
    );

    const postings = locs(await (await call("/sitemap-postings-1.xml")).text());
    expect(postings).toContain(`http://localhost/oglas/${listed.id}`);
    expect(postings).not.toContain(`http://localhost/oglas/${hidden.id}`);
    expect(postings).not.toContain(`http://localhost/oglas/${sold.id}`);

    const pages = locs(await (await call("/sitemap-pages.xml")).text());
    expect(pages).toEqual(
      expect.arrayContaining(["http://localhost/", "http://localhost/iskanje", "http://localhost/piskotki"]),
    );
    expect((await call("/sitemap-postings-999.xml")).status).toBe(404);
  });
});
