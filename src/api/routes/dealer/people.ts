import { type Context, Hono } from "hono";
import { z } from "~/domain/zod-locale";
import {
  addSalespersonInputSchema,
  dealerContactInputSchema,
  salespersonPhoneSchema,
  updateSalespersonInputSchema,
} from "~/contracts/dealer-people";
import {
  addSalesperson,
  getContacts,
  getSalespeople,
  inviteSalesperson,
  removeContact,
  removeSalesperson,
  renameSalesperson,
  resolveDealerActor,
  saveContact,
  sendStockLink,
} from "~/services/dealer-people.server";
import { smsProvider } from "~/services/providers/sms.server";
import { clientIp, siteOrigin } from "../../session-cookie";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

// Admins act for a dealership by naming it; members may leave it out (their own).
const actingFor = z.object({
  dealershipCode: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka trgovca.")
    .optional(),
});
const phoneParam = z.object({ phoneNumber: salespersonPhoneSchema });
const contactIdParam = z.object({
  id: z.coerce.number({ error: "Neveljaven kontakt." }).int("Neveljaven kontakt.").positive("Neveljaven kontakt."),
});
/** The signed-in user (401) acting for a dealership they belong to, or an admin's chosen one (403 otherwise). */
async function actor(c: Context<ApiEnv>, dealershipCode: string | undefined) {
  return resolveDealerActor(c.get("db"), requireUser(c), dealershipCode);
}

/** `dealer/salespeople`, `dealer/contacts`: the head of a dealership manages its people. */
export const dealerPeopleRoutes = new Hono<ApiEnv>()
  .get("/salespeople", signedIn, validate("query", actingFor), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    return c.json(await getSalespeople(c.get("db"), a));
  })
  .post(
    "/salespeople",
    signedIn,
    validate("query", actingFor),
    validate("json", addSalespersonInputSchema),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      const db = c.get("db");
      return c.json(
        await addSalesperson(db, smsProvider(db, c.env, clientIp(c)), a, c.req.valid("json"), siteOrigin(c)),
        201,
      );
    },
  )
  .post(
    "/salespeople/:phoneNumber/send-sms",
    signedIn,
    validate("param", phoneParam),
    validate("query", actingFor),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      const db = c.get("db");
      return c.json(
        await inviteSalesperson(db, smsProvider(db, c.env, clientIp(c)), a, c.req.valid("param").phoneNumber, {
          siteUrl: siteOrigin(c),
        }),
      );
    },
  )
  .post(
    "/salespeople/:phoneNumber",
    signedIn,
    validate("param", phoneParam),
    validate("query", actingFor),
    validate("json", updateSalespersonInputSchema),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      return c.json(await renameSalesperson(c.get("db"), a, c.req.valid("param").phoneNumber, c.req.valid("json")));
    },
  )
  .delete(
    "/salespeople/:phoneNumber",
    signedIn,
    validate("param", phoneParam),
    validate("query", actingFor),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      await removeSalesperson(c.get("db"), a, c.req.valid("param").phoneNumber);
      return c.body(null, 204);
    },
  )
  .get("/contacts", signedIn, validate("query", actingFor), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    return c.json(await getContacts(c.get("db"), a));
  })
  .post("/contacts", signedIn, validate("query", actingFor), validate("json", dealerContactInputSchema), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    const { contact, created } = await saveContact(c.get("db"), a, c.req.valid("json"));
    return c.json(contact, created ? 201 : 200);
  })
  .delete("/contacts/:id", signedIn, validate("param", contactIdParam), validate("query", actingFor), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    await removeContact(c.get("db"), a, c.req.valid("param").id);
    return c.body(null, 204);
  })
  /** The company head texts one of the dealership's salespeople the link to the stock. */
  .post("/:phoneNumber/send-sms", signedIn, validate("param", phoneParam), validate("query", actingFor), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    const db = c.get("db");
    await sendStockLink(db, smsProvider(db, c.env, clientIp(c)), a, c.req.valid("param").phoneNumber, {
      siteUrl: siteOrigin(c),
    });
    return c.body(null, 202);
  });
