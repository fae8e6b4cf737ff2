import { Hono } from "hono";
import type { FieldError } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { networkInputSchema, typedDeleteSchema } from "~/contracts/admin-dealers";
import { dealerPageQuerySchema } from "~/contracts/dealerships";
import { changeNetwork, createNetwork, deleteNetwork, listNetworks } from "~/services/dealer-admin/networks.server";
import { checkPagePicture } from "~/services/dealer-page.server";
import type { Context } from "hono";
import type { ApiEnv } from "../env";
import { zodToFieldErrors } from "../errors";
import { adminOnly, auditActor } from "../middleware/guards";
import { formBody, parseJsonPart, validationFailed } from "../multipart";
import { validate } from "../validate";

const networkParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka poslovne mreže.") });

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
export const dealerNetworkRoutes = new Hono<ApiEnv>()
  .get("/", adminOnly, async (c) => c.json(await listNetworks(c.get("db"))))
  .post("/", adminOnly, async (c) => {
    const form = await networkForm(c);
    return c.json(await createNetwork(c.get("db"), c.env.MEDIA, auditActor(c), form), 201);
  })
  .post("/:code", adminOnly, validate("param", networkParam), async (c) => {
    const form = await networkForm(c);
    return c.json(await changeNetwork(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").code, form));
  })
  .delete("/:code", adminOnly, validate("param", networkParam), validate("json", typedDeleteSchema), async (c) => {
    const { confirmName } = c.req.valid("json");
    await deleteNetwork(c.get("db"), c.env.MEDIA, auditActor(c), c.req.valid("param").code, confirmName);
    return c.body(null, 204);
  });
