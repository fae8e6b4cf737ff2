import { Hono } from "hono";
import { countListedPostings, listedDealerships, listedPostings } from "~/db/sitemap.server";
import { legalPagePaths } from "~/domain/legal-pages";
import { notFound } from "~/domain/errors";
import type { ApiEnv } from "../env";
import { siteOrigin } from "../session-cookie";
import { xmlEscape } from "../xml";

/** The protocol's limit per sitemap file. */
export const sitemapPageSize = 50_000;
const staticPaths = [
  "/",
  "/iskanje",
  "/napredno-iskanje",
  "/oglasujte",
  "/partnerji",
  "/trgovec/registracija",
  "/dobropis20eur",
  ...legalPagePaths,
];

const day = (iso: string | null | undefined) => (iso ? `<lastmod>${xmlEscape(iso.slice(0, 10))}</lastmod>` : "");
const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
const urlset = (urls: string[]) =>
  xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>`);

/** sitemap.xml (an index) and its parts: information pages, dealerships, postings in files of 50,000. */
export const sitemapRoutes = new Hono<ApiEnv>()
  .get("/sitemap.xml", async (c) => {
    const origin = siteOrigin(c);
    const files = Math.max(1, Math.ceil((await countListedPostings(c.get("db"))) / sitemapPageSize));
    const parts = [
      "sitemap-pages.xml",
      "sitemap-dealers.xml",
      ...Array.from({ length: files }, (_, i) => `sitemap-postings-${i + 1}.xml`),
    ];
    return xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${parts.map((p) => `<sitemap><loc>${xmlEscape(`${origin}/${p}`)}</loc></sitemap>`).join("")}</sitemapindex>`,
    );
  })
  .get("/sitemap-pages.xml", (c) =>
    urlset(staticPaths.map((p) => `<url><loc>${xmlEscape(siteOrigin(c) + p)}</loc></url>`)),
  )
  .get("/sitemap-dealers.xml", async (c) => {
    const rows = await listedDealerships(c.get("db"));
    return urlset(
      rows.flatMap((d) => (d.code ? [`<url><loc>${xmlEscape(`${siteOrigin(c)}/trgovec/${d.code}`)}</loc></url>`] : [])),
    );
  })
  .get("/:file{sitemap-postings-[0-9]{1,4}\\.xml}", async (c) => {
    const page = Number(/(\d+)/.exec(c.req.param("file"))?.[1]);
    const rows = await listedPostings(c.get("db"), page, sitemapPageSize);
    if (page < 1 || (rows.length === 0 && page > 1)) throw notFound("Ta pot ne obstaja.");
    return urlset(
      rows.map((p) => `<url><loc>${xmlEscape(`${siteOrigin(c)}/oglas/${p.id}`)}</loc>${day(p.updatedAt)}</url>`),
    );
  });
