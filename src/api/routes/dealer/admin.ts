import { Hono } from "hono";
import { z } from "~/domain/zod-locale";
import {
  adminDealershipInputSchema,
  creditDaysInputSchema,
  dealerListQuerySchema,
  typedDeleteSchema,
} from "~/contracts/admin-dealers";
import { addCreditDays, getCreditLedger } from "~/services/dealer-admin/credit-days.server";
import {
  createDealership,
  deleteDealership,
  listDealerships,
  updateDealership,
} from "~/services/dealer-admin/dealerships.server";
import type { ApiEnv } from "../../env";
import { adminOnly, auditActor, editorOnly } from "../../middleware/guards";
import { validate } from "../../validate";

const codeParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka poslovne enote.") });
/** `dealer`, `dealer/{code}` (admins): the dealerships and their credit days. Mounted after the other files of routes/dealer/. */
export const adminDealerRoutes = new Hono<ApiEnv>()
  .get("/", editorOnly, validate("query", dealerListQuerySchema), async (c) =>
    c.json(await listDealerships(c.get("db"), c.req.valid("query"))),
  )
  .post("/", adminOnly, validate("json", adminDealershipInputSchema), async (c) =>
    c.json(await createDealership(c.get("db"), auditActor(c), c.req.valid("json")), 201),
  )
  .get("/:code/credit-days", adminOnly, validate("param", codeParam), async (c) =>
    c.json(await getCreditLedger(c.get("db"), c.req.valid("param").code)),
  )
  .post(
    "/:code/credit-days",
    adminOnly,
    validate("param", codeParam),
    validate("json", creditDaysInputSchema),
    async (c) =>
      c.json(await addCreditDays(c.get("db"), auditActor(c), c.req.valid("param").code, c.req.valid("json")), 201),
  )
  .post("/:code", editorOnly, validate("param", codeParam), validate("json", adminDealershipInputSchema), async (c) =>
    c.json(await updateDealership(c.get("db"), auditActor(c), c.req.valid("param").code, c.req.valid("json"))),
  )
  .delete("/:code", adminOnly, validate("param", codeParam), validate("json", typedDeleteSchema), async (c) => {
    const { confirmName } = c.req.valid("json");
    await deleteDealership(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").code, confirmName);
    return c.body(null, 204);
  });
