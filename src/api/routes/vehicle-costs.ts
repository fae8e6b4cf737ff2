import { toCentsPerUnit } from "~/domain/money";
import { Hono } from "hono";
import { countLeasingClick, findPostingAccess, listVehicleCostPrices } from "~/db/posting-detail.server";
import { notFound } from "~/domain/errors";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { z } from "~/domain/zod-locale";
import type { ApiEnv } from "../env";
import { validate } from "../validate";

const postingCodeParam = z.object({
  postingCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa."),
});

/** `leasing-widget/click/{postingCode}`: counts a click on the leasing widget. */
export const leasingWidgetRoutes = new Hono<ApiEnv>()
  /** The bank partner's leasing link was followed (the page only logs errors). */
  .post("/click/:postingCode", validate("param", postingCodeParam), async (c) => {
    const db = c.get("db");
    const posting = await findPostingAccess(db, c.req.valid("param").postingCode);
    if (!posting) throw notFound("Oglas ne obstaja.");
    await countLeasingClick(db, posting.id, ljubljanaDay(new Date()));
    return c.body(null, 204);
  });
/** `vehicle-costs/prices`: the prices behind the running-cost calculator. */
export const vehicleCostRoutes = new Hono<ApiEnv>()
  /**
   * Prices for the running-cost calculator, seeded with current Slovenian figures. Stored in euros (the table people
   * keep up to date); answered in cents per unit (decision 050): `value` 141.1 with `unit` "ct/l", 3500 with "ct".
   */
  .get("/prices", async (c) => {
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
