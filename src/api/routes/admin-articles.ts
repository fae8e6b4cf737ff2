import { Hono, type Context } from "hono";
import type { FieldError } from "~/domain/errors";
import { articleAdminMessages, articleIdParamSchema, articleInputSchema } from "~/contracts/admin-articles";
import {
  changeArticle,
  checkArticleImage,
  createArticle,
  listArticlesForAdmin,
  removeArticle,
} from "~/services/article-admin.server";
import type { ApiEnv } from "../env";
import { auditActor, editorOnly } from "../middleware/guards";
import { formBody, parseJsonPart, validationFailed } from "../multipart";
import { validate } from "../validate";

const partMessages = { missing: articleAdminMessages.missingData, notJson: articleAdminMessages.notJson };

/** The multipart body: `article` JSON and `image` (required when creating); every problem at once as a 400. */
async function articleForm(c: Context<ApiEnv>, imageRequired: boolean) {
  const body = await formBody(c);
  const [part, image] = await Promise.all([
    parseJsonPart(body.article, "article", articleInputSchema, partMessages),
    checkArticleImage(body.image, imageRequired),
  ]);
  const fieldErrors: FieldError[] = [...part.errors, ...(image.error ? [image.error] : [])];
  if (fieldErrors.length || !part.data) throw validationFailed(fieldErrors);
  return { values: part.data, image: image.picture };
}

/**
 * News articles of the search page (spec section 7: `POST`/`GET search-page-article`,
 * `POST search-page-article/{id}`; plus `DELETE search-page-article/{id}`), for posting editors and
 * admins (spec section 6: editors see article editing). The role is checked before any input.
 */
export const adminArticleRoutes = new Hono<ApiEnv>()
  .get("/", editorOnly, async (c) => c.json(await listArticlesForAdmin(c.get("db"))))
  .post("/", editorOnly, async (c) => {
    const form = await articleForm(c, true);
    if (!form.image) throw validationFailed([{ field: "image", kind: "MISSING", message: articleAdminMessages.image }]);
    return c.json(
      await createArticle(c.get("db"), c.env.MEDIA, auditActor(c), { values: form.values, image: form.image }),
      201,
    );
  })
  .post("/:id", editorOnly, validate("param", articleIdParamSchema), async (c) => {
    const form = await articleForm(c, false);
    return c.json(await changeArticle(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").id, form));
  })
  .delete("/:id", editorOnly, validate("param", articleIdParamSchema), async (c) => {
    await removeArticle(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
