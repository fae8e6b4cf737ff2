import { Hono } from "hono";
import { postingStatusSchema } from "~/contracts/drafts";
import { changeStatus } from "~/services/drafts.server";
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
  async (c) =>
    c.json(await changeStatus(c.get("db"), requireUser(c), c.req.valid("param").code, c.req.valid("json").status)),
);
