import { Hono } from "hono";
import { findPublicDealership } from "~/db/dealerships.server";
import type { PublicDealership } from "~/domain/dealership";
import { notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka trgovca.") });
const slot = (from: string | null, to: string | null) => (from && to ? { from, to } : null);

/** Dealership calls (spec section 7): the public page's data. */
export const dealershipRoutes = new Hono<ApiEnv>().get("/dealership/:code", validate("param", codeParam), async (c) => {
  const found = await findPublicDealership(c.get("db"), c.req.valid("param").code);
  if (!found?.dealer.code) throw notFound("Trgovec ne obstaja.");
  const d = found.dealer;
  const body: PublicDealership = {
    code: d.code ?? "",
    name: d.publicName ?? d.name,
    address: d.address,
    postalCode: d.postalCode,
    city: d.city,
    phone: d.phone,
    email: d.email,
    webPage: d.webPage,
    social: { facebook: d.facebook, instagram: d.instagram, tiktok: d.tiktok, youtube: d.youtube },
    hours: { weekdays: slot(d.weekdayFrom, d.weekdayTo), saturday: slot(d.saturdayFrom, d.saturdayTo) },
    logoUrl: d.logoKey ? `/media/${d.logoKey}` : null,
    bannerUrl: d.bannerKey ? `/media/${d.bannerKey}` : null,
    brands: found.brands,
    network: found.networkName,
    publishedPostings: found.published,
    views: found.views,
  };
  return c.json(body);
});
