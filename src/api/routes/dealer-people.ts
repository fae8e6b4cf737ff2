import type { Context } from "hono";
import { Hono } from "hono";
import { forbidden } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import {
  addSalespersonInputSchema,
  dealerContactInputSchema,
  delegatePostingInputSchema,
  salespersonPhoneSchema,
  updateSalespersonInputSchema,
} from "~/contracts/dealer-people";
import {
  acceptSalespersonInvitation,
  addSalesperson,
  declineSalespersonInvitation,
  getInvitation,
  delegatePosting,
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
import { clientIp } from "../session-cookie";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { siteOrigin } from "../session-cookie";
import { validate } from "../validate";

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
const invitationParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Povabilo ne obstaja, je že uporabljeno ali je poteklo."),
});
const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });

/** The signed-in user (401) acting for a dealership they belong to, or an admin's chosen one (403 otherwise). */
async function actor(c: Context<ApiEnv>, dealershipCode: string | undefined) {
  return resolveDealerActor(c.get("db"), requireUser(c), dealershipCode);
}

/**
 * Dealer calls for salespeople and contacts (spec section 7) and posting delegation. Every member
 * reads salespeople and manages contacts; only the head changes salespeople.
 */
export const dealerPeopleRoutes = new Hono<ApiEnv>()
  .get("/dealer/salespeople", signedIn, validate("query", actingFor), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    return c.json(await getSalespeople(c.get("db"), a));
  })
  .post(
    "/dealer/salespeople",
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
    "/dealer/salespeople/:phoneNumber/send-sms",
    signedIn,
    validate("param", phoneParam),
    validate("query", actingFor),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      const db = c.get("db");
      return c.json(
        await inviteSalesperson(
          db,
          smsProvider(db, c.env, clientIp(c)),
          a,
          c.req.valid("param").phoneNumber,
          siteOrigin(c),
        ),
      );
    },
  )
  .post(
    "/dealer/salespeople/:phoneNumber",
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
    "/dealer/salespeople/:phoneNumber",
    signedIn,
    validate("param", phoneParam),
    validate("query", actingFor),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      await removeSalesperson(c.get("db"), a, c.req.valid("param").phoneNumber);
      return c.body(null, 204);
    },
  )
  .get("/dealer/contacts", signedIn, validate("query", actingFor), async (c) => {
    const a = await actor(c, c.req.valid("query").dealershipCode);
    return c.json(await getContacts(c.get("db"), a));
  })
  .post(
    "/dealer/contacts",
    signedIn,
    validate("query", actingFor),
    validate("json", dealerContactInputSchema),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      const { contact, created } = await saveContact(c.get("db"), a, c.req.valid("json"));
      return c.json(contact, created ? 201 : 200);
    },
  )
  .delete(
    "/dealer/contacts/:id",
    signedIn,
    validate("param", contactIdParam),
    validate("query", actingFor),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      await removeContact(c.get("db"), a, c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  /** The company head texts one of the dealership's salespeople the link to the stock. */
  .post(
    "/dealer/:phoneNumber/send-sms",
    signedIn,
    validate("param", phoneParam),
    validate("query", actingFor),
    async (c) => {
      const a = await actor(c, c.req.valid("query").dealershipCode);
      const db = c.get("db");
      await sendStockLink(db, smsProvider(db, c.env, clientIp(c)), a, c.req.valid("param").phoneNumber, siteOrigin(c));
      return c.body(null, 202);
    },
  )
  .post(
    "/postings/:code/delegate",
    signedIn,
    validate("param", codeParam),
    validate("json", delegatePostingInputSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(
        await delegatePosting(c.get("db"), user, c.req.valid("param").code, c.req.valid("json").phoneNumber),
      );
    },
  )
  /** The invitation from the SMS (decision 033): its owner, signed in, sees which team and accepts or declines. */
  .get("/dealer-invitations/:token", signedIn, validate("param", invitationParam), async (c) =>
    c.json(await getInvitation(c.get("db"), c.req.valid("param").token)),
  )
  .post("/dealer-invitations/:token/accept", signedIn, validate("param", invitationParam), async (c) => {
    // Joining a dealership is the account owner's own choice, never an admin's acting as them.
    if (c.get("session")?.impersonatorUserId)
      throw forbidden("Med prevzemom identitete se ekipi ni mogoče pridružiti.");
    return c.json(await acceptSalespersonInvitation(c.get("db"), requireUser(c), c.req.valid("param").token));
  })
  .post("/dealer-invitations/:token/decline", signedIn, validate("param", invitationParam), async (c) => {
    await declineSalespersonInvitation(c.get("db"), c.req.valid("param").token);
    return c.body(null, 204);
  });
