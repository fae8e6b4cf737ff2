import { appConfig } from "~/app.config";
import { Hono } from "hono";
import { postingStatusSchema } from "~/contracts/drafts";
import { afterResponse } from "~/lib/after-response.server";
import { changeStatus } from "~/services/drafts.server";
import { valuePosting } from "~/services/market-value.server";
import { deliverPriceDrops } from "~/services/price-alerts.server";
import { emailProvider } from "~/services/providers/email.server";
import { postingCodeParam } from "../../params";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/** `postings/{code}/status`: the seller moves a posting between states. */
export const postingStatusRoutes = new Hono<ApiEnv>().post(
  "/:code/status",
  signedIn,
  validate("param", postingCodeParam),
  validate("json", postingStatusSchema),
  async (c) => {
    const changed = await changeStatus(
      c.get("db"),
      requireUser(c),
      c.req.valid("param").code,
      c.req.valid("json").status,
    );
    // Valued after the response: published again, valued now unless its estimate was made from the facts it has
    // (decision 088); taken down (no longer market data), its rating goes at once (`clearOneValuation`).
    const db = c.get("db");
    afterResponse(() => valuePosting(db, changed.code), "market value");
    if (changed.status === "PUBLISHED") {
      // A cut made while it was down is told now to the buyers who asked (migration 0035 queued it).
      const site = c.get("front")?.origin ?? c.env.SITE_URL ?? appConfig.siteUrl;
      afterResponse(deliverPriceDrops(db, emailProvider(db, c.env), site), "price drops");
    }
    return c.json(changed);
  },
);
