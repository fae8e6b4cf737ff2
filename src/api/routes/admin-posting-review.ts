import { Hono } from "hono";
import { postingReviewQuerySchema, postingReviewSchema } from "~/contracts/admin-posting-review";
import { z } from "~/domain/zod-locale";
import { afterResponse } from "~/lib/after-response.server";
import { valuePosting } from "~/services/market-value.server";
import { listPostingReview, savePostingReview } from "~/services/posting-review.server";
import type { ApiEnv } from "../env";
import { auditActor, editorOnly } from "../middleware/guards";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9]{1,20}$/, "Neveljavna oznaka oglasa.") });

/** The posting editor (spec section 7: `GET posting-review`, `POST posting-review/{code}`), for posting editors and admins. */
export const adminPostingReviewRoutes = new Hono<ApiEnv>()
  .get("/", editorOnly, validate("query", postingReviewQuerySchema), async (c) =>
    c.json(await listPostingReview(c.get("db"), c.req.valid("query"))),
  )
  .post("/:code", editorOnly, validate("param", codeParam), validate("json", postingReviewSchema), async (c) => {
    const { code } = c.req.valid("param");
    const saved = await savePostingReview(c.get("db"), auditActor(c), code, c.req.valid("json"));
    // A moderator's corrected year or mileage (or price) moves the car's value as an owner's edit does (issue 28).
    afterResponse(() => valuePosting(c.get("db"), code), "market value");
    return c.json(saved);
  });
