import { Hono } from "hono";
import { z } from "zod";
import { findAdFeedPostings } from "~/db/search.server";
import { shownPriceCents } from "~/domain/price-display";
import type { ApiEnv } from "../env";
import { toEuros } from "~/domain/money";
import { siteOrigin } from "../session-cookie";
import { xmlEscape } from "../xml";
import { validate } from "../validate";

/** Items per feed page; the next page is linked with `Link: <…?after=ID>; rel="next"`. */
export const adFeedPageSize = 5_000;

const tag = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? "" : `<${name}>${xmlEscape(String(value))}</${name}>`;
/** Cents as the feed's price: "12345.00 EUR". */
const feedPrice = (cents: number) => `${(toEuros(cents) ?? 0).toFixed(2)} EUR`;

const feedQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });

/**
 * The vehicle feed partner ad networks read (Google vehicle ads / Meta automotive catalogue style RSS 2.0):
 * public facts of listed postings only, and never a posting whose VIN is hidden (spec section 5).
 */
export const partnerFeedRoutes = new Hono<ApiEnv>().get("/vehicles.xml", validate("query", feedQuery), async (c) => {
  const { after } = c.req.valid("query");
  const origin = siteOrigin(c);
  const rows = await findAdFeedPostings(c.get("db"), after, adFeedPageSize);
  const items = rows.flatMap((r) => {
    const title = [r.manufacturerName, r.baseModelName, r.trimName].filter(Boolean).join(" ");
    // Exactly the amounts the posting page shows: none for a negotiable price (the page says "Po dogovoru").
    const shown = shownPriceCents(r);
    if (shown === null) return [];
    const item = [
      "<item>",
      tag("g:id", r.code),
      tag("title", title || r.code),
      tag("link", `${origin}/oglas/${r.id}`),
      r.coverKey ? tag("g:image_link", `${origin}/media/${r.coverKey}`) : "",
      tag("g:price", feedPrice(shown.regular)),
      shown.sale === null ? "" : tag("g:sale_price", feedPrice(shown.sale)),
      tag("g:condition", r.vehicleCondition === "BRAND_NEW" ? "new" : "used"),
      tag("g:brand", r.manufacturerName),
      tag("g:model", r.baseModelName),
      tag("g:year", r.modelYear),
      r.odometerKm === null ? "" : tag("g:mileage", `${r.odometerKm} km`),
      tag("g:fuel", r.fuel),
      tag("g:transmission", r.transmission),
      tag("g:region", r.contactRegion),
      tag("g:seller_type", r.dealershipId === null ? "private" : "dealer"),
      "</item>",
    ];
    return [item.join("")];
  });
  const last = rows.at(-1);
  const headers: Record<string, string> = {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": "public, max-age=900",
  };
  if (last && rows.length === adFeedPageSize)
    headers.Link = `<${origin}/internal-api/v1/partner-feeds/vehicles.xml?after=${last.id}>; rel="next"`;
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${tag("title", "Avtotrg: vozila")}${tag("link", origin)}${tag("description", "Objavljeni oglasi za vozila na Avtotrgu")}${items.join("")}</channel></rss>`,
    { headers },
  );
});
