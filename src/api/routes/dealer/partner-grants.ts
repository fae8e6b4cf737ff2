import { Hono } from "hono";
import { partnerGrantParamSchema } from "~/contracts/partner-oauth";
import { listPartnerGrants, revokePartnerGrant } from "~/services/partner-oauth.server";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/** `dealer/partner-grants`: the partners a dealership let publish for it. */
export const dealerPartnerGrantRoutes = new Hono<ApiEnv>()
  .get("/partner-grants", async (c) => c.json(await listPartnerGrants(c.get("db"), requireUser(c))))
  .delete("/partner-grants/:partnerCode", signedIn, validate("param", partnerGrantParamSchema), async (c) => {
    await revokePartnerGrant(c.get("db"), requireUser(c), c.req.valid("param").partnerCode);
    return c.body(null, 204);
  });
