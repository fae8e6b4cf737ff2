import { Hono } from "hono";
import { delegatePostingInputSchema } from "~/contracts/dealer-people";
import { delegatePosting } from "~/services/dealer-people.server";
import { postingCodeParam } from "../../params";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/** `postings/{code}/delegate`: a dealership hands a posting to one of its salespeople. */
export const postingDelegateRoutes = new Hono<ApiEnv>().post(
  "/:code/delegate",
  signedIn,
  validate("param", postingCodeParam),
  validate("json", delegatePostingInputSchema),
  async (c) => {
    const user = requireUser(c);
    return c.json(await delegatePosting(c.get("db"), user, c.req.valid("param").code, c.req.valid("json").phoneNumber));
  },
);
