import { Hono } from "hono";
import { delegatePostingInputSchema } from "~/contracts/dealer-people";
import { delegatePosting } from "~/services/dealer-people.server";
import { postingDelegates } from "~/services/posting-delegates.server";
import { postingCodeParam } from "../../params";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/** `postings/{code}/delegate(s)`: whom a dealership's posting can go to, and handing it to one of them. */
export const postingDelegateRoutes = new Hono<ApiEnv>()
  .get("/:code/delegates", signedIn, validate("param", postingCodeParam), async (c) =>
    c.json(await postingDelegates(c.get("db"), requireUser(c), c.req.valid("param").code)),
  )
  .post(
    "/:code/delegate",
    signedIn,
    validate("param", postingCodeParam),
    validate("json", delegatePostingInputSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(
        await delegatePosting(c.get("db"), user, c.req.valid("param").code, c.req.valid("json").phoneNumber),
      );
    },
  );
