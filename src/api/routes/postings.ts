import { toCentsPerUnit } from "~/domain/money";
import { Hono } from "hono";
import { countLeasingClick, findPostingAccess, listVehicleCostPrices } from "~/db/posting-detail.server";
import { notFound } from "~/domain/errors";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { z } from "~/domain/zod-locale";
import { getPostingDetail, postingStatistics } from "~/services/posting-detail.server";
import { postingPdf } from "~/services/posting-pdf.server";
import { inlinePdfHeaders } from "~/lib/security-headers";
import { appConfig } from "~/app.config";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";
import { clientIp } from "../session-cookie";

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });
const postingCodeParam = z.object({
  postingCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa."),
});

export const postingRoutes = new Hono<ApiEnv>()
  /** The posting page's data: 404 unknown (or a draft of someone else), 410 sold/expired/removed. */
  .get("/postings/:code", validate("param", codeParam), async (c) => {
    const detail = await getPostingDetail(c.get("db"), c.req.valid("param").code, c.get("session")?.user ?? null, {
      countView: true,
      client: clientIp(c),
    });
    return c.json(detail);
  })
  /** The A4 PDF sheet (inline for the /pdf page's viewer, else a download). */
  .get(
    "/postings/:code/download-pdf",
    validate("param", codeParam),
    validate("query", z.object({ inline: z.enum(["1"]).optional().catch(undefined) })),
    async (c) => {
      const { bytes, filename } = await postingPdf(
        c.get("db"),
        c.env.MEDIA,
        c.req.valid("param").code,
        c.get("session")?.user ?? null,
        c.env.SITE_URL ?? appConfig.siteUrl,
      );
      const inline = c.req.valid("query").inline === "1";
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `${inline ? "inline" : "attachment"}; filename="${filename}"`,
        "cache-control": "private, max-age=60",
        // Shown inside our /pdf page's <object>: same-origin framing only (decision 042).
        ...(inline ? inlinePdfHeaders : {}),
      });
    },
  )
  /** Views per day (last 30 days) for the seller, the dealership's staff, editors and admins. */
  .get("/postings/:code/statistics", signedIn, validate("param", codeParam), async (c) => {
    return c.json(await postingStatistics(c.get("db"), c.req.valid("param").code, requireUser(c)));
  })
  /** The bank partner's leasing link was followed (the page only logs errors). */
  .post("/leasing-widget/click/:postingCode", validate("param", postingCodeParam), async (c) => {
    const db = c.get("db");
    const posting = await findPostingAccess(db, c.req.valid("param").postingCode);
    if (!posting) throw notFound("Oglas ne obstaja.");
    await countLeasingClick(db, posting.id, ljubljanaDay(new Date()));
    return c.body(null, 204);
  })
  /**
   * Prices for the running-cost calculator, seeded with current Slovenian figures. Stored in euros (the table people
   * keep up to date); answered in cents per unit (decision 050): `value` 141.1 with `unit` "ct/l", 3500 with "ct".
   */
  .get("/vehicle-costs/prices", async (c) => {
    const rows = await listVehicleCostPrices(c.get("db"));
    c.header("cache-control", "public, max-age=300");
    return c.json(
      rows.map((r) => ({
        key: r.key,
        label: r.label,
        value: toCentsPerUnit(r.value),
        unit: r.unit.replace(/^EUR/, "ct"),
        updatedAt: r.updatedAt,
      })),
    );
  });
