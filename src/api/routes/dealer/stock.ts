import { Hono } from "hono";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { draftListQuerySchema } from "~/contracts/drafts";
import { stockCsv, stockStatistics } from "~/services/dealer-stock.server";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { siteOrigin } from "../../session-cookie";
import { validate } from "../../validate";

/** The dealer's stock dashboard beyond `GET draft`: the whole stock's views chart and the CSV export. */
export const dealerStockRoutes = new Hono<ApiEnv>()
  .get("/statistics", async (c) => c.json(await stockStatistics(c.get("db"), requireUser(c))))
  .get("/stock.csv", signedIn, validate("query", draftListQuerySchema), async (c) => {
    const csv = await stockCsv(c.get("db"), requireUser(c), c.req.valid("query"), siteOrigin(c));
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="zaloga-${ljubljanaDay(new Date())}.csv"`,
      "cache-control": "private, no-store",
    });
  });
