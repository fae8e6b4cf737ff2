import { Hono } from "hono";
import { postingReviewQuerySchema, postingReviewSchema } from "~/contracts/admin-posting-review";
import { z } from "~/domain/zod-locale";
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
  .post("/:code", editorOnly, validate("param", codeParam), validate("json", postingReviewSchema), async (c) =>
    c.json(await savePostingReview(c.get("db"), auditActor(c), c.req.valid("param").code, c.req.valid("json"))),
  );
