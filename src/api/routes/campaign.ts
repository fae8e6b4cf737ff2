import { Hono } from "hono";
import { forbidden } from "~/domain/errors";
import { wholeVinSchema } from "~/domain/vin";
import { z } from "~/domain/zod-locale";
import { campaignPosting, claimTransfer, transferByVin } from "~/services/campaign.server";
import { emailProvider } from "~/services/providers/email.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9]{1,20}$/, "Neveljavna oznaka oglasa.") });
const postingCodeParam = z.object({
  postingcode: z.string().regex(/^[A-Za-z0-9]{1,20}$/, "Neveljavna oznaka oglasa."),
});
const vinParam = z.object({ vin: wholeVinSchema });

/** The 10 EUR gift card campaign (spec section 7, "Campaign and public"). */
export const campaignTransferRoutes = new Hono<ApiEnv>().get("/:vin", validate("param", vinParam), async (c) =>
  c.json(await transferByVin(c.get("db"), c.req.valid("param").vin)),
);

export const campaignPostingRoutes = new Hono<ApiEnv>().get("/:code", validate("param", codeParam), async (c) =>
  c.json(await campaignPosting(c.get("db"), c.req.valid("param").code, c.get("session")?.user ?? null)),
);

export const campaignClaimRoutes = new Hono<ApiEnv>().get(
  "/:postingcode",
  signedIn,
  validate("param", postingCodeParam),
  async (c) => {
    const user = requireUser(c);
    // The spec makes the claim a GET: a browser must send it from our own pages, never from a link elsewhere.
    const site = c.req.header("sec-fetch-site");
    if (site && site !== "same-origin") throw forbidden("Dobropis uveljavite na strani Avtotrga.");
    const db = c.get("db");
    return c.json(await claimTransfer(db, emailProvider(db, c.env), user, c.req.valid("param").postingcode));
  },
);
