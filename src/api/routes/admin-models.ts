import { Hono } from "hono";
import { modelAdminQuerySchema, modelAdminSaveSchema } from "~/contracts/admin-models";
import { getModelAdmin, saveModelAdmin } from "~/services/model-admin.server";
import type { ApiEnv } from "../env";
import { adminOnly, auditActor } from "../middleware/guards";
import { validate } from "../validate";

/** Model administration (spec section 7: `GET`/`PUT model-admin`), administrators only. */
export const adminModelRoutes = new Hono<ApiEnv>()
  .get("/", adminOnly, validate("query", modelAdminQuerySchema), async (c) =>
    c.json(await getModelAdmin(c.get("db"), c.req.valid("query").manufacturer)),
  )
  .put("/", adminOnly, validate("json", modelAdminSaveSchema), async (c) =>
    c.json(await saveModelAdmin(c.get("db"), auditActor(c), c.req.valid("json"))),
  );
