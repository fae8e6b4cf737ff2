import { Hono } from "hono";
import type { FieldError } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import {
  adminDealershipInputSchema,
  adminSalespersonInputSchema,
  adminSalespersonPhoneSchema,
  creditDaysInputSchema,
  dealerListQuerySchema,
  networkInputSchema,
  salespeopleListQuerySchema,
  signupRequestListQuerySchema,
  userSearchQuerySchema,
} from "~/contracts/admin-dealers";
import { dealerPageQuerySchema } from "~/contracts/dealerships";
import { addCreditDays, getCreditLedger } from "~/services/dealer-admin/credit-days.server";
import {
  createDealership,
  deleteDealership,
  listDealerships,
  updateDealership,
} from "~/services/dealer-admin/dealerships.server";
import { changeNetwork, createNetwork, deleteNetwork, listNetworks } from "~/services/dealer-admin/networks.server";
import {
  addSalespersonAsAdmin,
  listSalespeopleForAdmin,
  removeSalespersonAsAdmin,
} from "~/services/dealer-admin/salespeople.server";
import { listSignupRequests, signupExtract } from "~/services/dealer-admin/signup-requests.server";
import { searchUsers } from "~/services/dealer-admin/users.server";
import { checkPagePicture } from "~/services/dealer-page.server";
import { confirmDealerSignup, rejectDealerSignup } from "~/services/dealer-signup.server";
import { emailProvider } from "~/services/providers/email.server";
import type { Context } from "hono";
import type { ApiEnv } from "../env";
import { zodToFieldErrors } from "../errors";
import { adminOnly, auditActor, editorOnly, requireAdmin } from "../middleware/guards";
import { formBody, parseJsonPart, validationFailed } from "../multipart";
import { clientIp, siteOrigin } from "../session-cookie";
import { smsProvider } from "~/services/providers/sms.server";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka poslovne enote.") });
const networkParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka poslovne mreže.") });
const requestParam = z.object({
  id: z.coerce.number({ error: "Neveljavna zahteva." }).int("Neveljavna zahteva.").positive("Neveljavna zahteva."),
});
const phoneParam = z.object({ phoneNumber: adminSalespersonPhoneSchema });

const networkPartMessages = {
  missing: "Manjkajo podatki o poslovni mreži.",
  notJson: "Podatki o poslovni mreži niso veljaven JSON.",
};

/** The multipart body of the network calls: `dealership` JSON, optional `logo` and `banner`; every problem at once as a 400. */
async function networkForm(c: Context<ApiEnv>) {
  const query = dealerPageQuerySchema.safeParse(c.req.query());
  const body = await formBody(c);
  const [part, logo, banner] = await Promise.all([
    parseJsonPart(body.dealership, "dealership", networkInputSchema, networkPartMessages),
    checkPagePicture(body.logo, "logo"),
    checkPagePicture(body.banner, "banner"),
  ]);
  const fieldErrors: FieldError[] = [
    ...(query.success ? [] : zodToFieldErrors(query.error, c.req.query())),
    ...part.errors,
    ...(logo.error ? [logo.error] : []),
    ...(banner.error ? [banner.error] : []),
  ];
  if (fieldErrors.length || !part.data || !query.success) throw validationFailed(fieldErrors);
  return {
    values: part.data,
    logo: logo.picture,
    banner: banner.picture,
    removeLogo: query.data.removeLogo,
    removeBanner: query.data.removeBanner,
  };
}

/**
 * Admin dealer calls (spec section 7) and the admin screens around them: dealerships (editors list and
 * edit, admins do everything), credit days, networks, every dealer's salespeople, the user search of the
 * impersonation entry and the dealer sign-up requests. The role is checked before any input.
 * Mounted after the dealer calls, so `dealer/salespeople` and `dealer/contacts` keep their own routes.
 */
export const adminDealerRoutes = new Hono<ApiEnv>()
  .get("/dealer", editorOnly, validate("query", dealerListQuerySchema), async (c) =>
    c.json(await listDealerships(c.get("db"), c.req.valid("query"))),
  )
  .post("/dealer", adminOnly, validate("json", adminDealershipInputSchema), async (c) =>
    c.json(await createDealership(c.get("db"), auditActor(c), c.req.valid("json")), 201),
  )
  .get("/dealer/:code/credit-days", adminOnly, validate("param", codeParam), async (c) =>
    c.json(await getCreditLedger(c.get("db"), c.req.valid("param").code)),
  )
  .post(
    "/dealer/:code/credit-days",
    adminOnly,
    validate("param", codeParam),
    validate("json", creditDaysInputSchema),
    async (c) =>
      c.json(await addCreditDays(c.get("db"), auditActor(c), c.req.valid("param").code, c.req.valid("json")), 201),
  )
  .post(
    "/dealer/:code",
    editorOnly,
    validate("param", codeParam),
    validate("json", adminDealershipInputSchema),
    async (c) =>
      c.json(await updateDealership(c.get("db"), auditActor(c), c.req.valid("param").code, c.req.valid("json"))),
  )
  .delete("/dealer/:code", adminOnly, validate("param", codeParam), async (c) => {
    await deleteDealership(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").code);
    return c.body(null, 204);
  })
  .get("/dealer-network", adminOnly, async (c) => c.json(await listNetworks(c.get("db"))))
  .post("/dealer-network", adminOnly, async (c) => {
    const form = await networkForm(c);
    return c.json(await createNetwork(c.get("db"), c.env.MEDIA, auditActor(c), form), 201);
  })
  .post("/dealer-network/:code", adminOnly, validate("param", networkParam), async (c) => {
    const form = await networkForm(c);
    return c.json(await changeNetwork(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").code, form));
  })
  .delete("/dealer-network/:code", adminOnly, validate("param", networkParam), async (c) => {
    await deleteNetwork(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").code);
    return c.body(null, 204);
  })
  .get("/admin/salespeople", adminOnly, validate("query", salespeopleListQuerySchema), async (c) =>
    c.json(await listSalespeopleForAdmin(c.get("db"), c.req.valid("query"))),
  )
  .post("/admin/salespeople", adminOnly, validate("json", adminSalespersonInputSchema), async (c) =>
    c.json(
      await addSalespersonAsAdmin(
        c.get("db"),
        smsProvider(c.get("db"), c.env, clientIp(c)),
        requireAdmin(c),
        auditActor(c),
        c.req.valid("json"),
        siteOrigin(c),
      ),
      201,
    ),
  )
  .delete("/admin/salespeople/:phoneNumber", adminOnly, validate("param", phoneParam), async (c) => {
    await removeSalespersonAsAdmin(c.get("db"), auditActor(c), c.req.valid("param").phoneNumber);
    return c.body(null, 204);
  })
  .get("/admin/users", adminOnly, validate("query", userSearchQuerySchema), async (c) =>
    c.json(await searchUsers(c.get("db"), c.req.valid("query").q)),
  )
  .get("/dealer-signup-interest", adminOnly, validate("query", signupRequestListQuerySchema), async (c) =>
    c.json(await listSignupRequests(c.get("db"), c.req.valid("query").status)),
  )
  /** The business register extract: private, so only through this admin route (never `/media`). */
  .get("/dealer-signup-interest/:id/extract", adminOnly, validate("param", requestParam), async (c) => {
    const file = await signupExtract(c.get("db"), c.env.MEDIA, c.req.valid("param").id);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  })
  .post("/dealer-signup-interest/:id/confirm", adminOnly, validate("param", requestParam), async (c) => {
    const db = c.get("db");
    return c.json(
      await confirmDealerSignup(db, c.req.valid("param").id, auditActor(c).actorUserId, {
        email: emailProvider(db, c.env),
        origin: siteOrigin(c),
      }),
    );
  })
  .post("/dealer-signup-interest/:id/reject", adminOnly, validate("param", requestParam), async (c) => {
    const db = c.get("db");
    await rejectDealerSignup(db, c.req.valid("param").id, auditActor(c).actorUserId, {
      email: emailProvider(db, c.env),
      origin: siteOrigin(c),
    });
    return c.body(null, 204);
  });
