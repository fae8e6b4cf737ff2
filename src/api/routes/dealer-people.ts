import { Hono } from "hono";
import { forbidden } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import {
  acceptSalespersonInvitation,
  declineSalespersonInvitation,
  getInvitation,
} from "~/services/dealer-people.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

const invitationParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Povabilo ne obstaja, je že uporabljeno ali je poteklo."),
});
/**
 * Dealer calls for salespeople and contacts (spec section 7) and posting delegation. Every member
 * reads salespeople and manages contacts; only the head changes salespeople.
 */
export const dealerInvitationRoutes = new Hono<ApiEnv>()
  /** The invitation from the SMS (decision 033): its owner, signed in, sees which team and accepts or declines. */
  .get("/:token", signedIn, validate("param", invitationParam), async (c) =>
    c.json(await getInvitation(c.get("db"), c.req.valid("param").token)),
  )
  .post("/:token/accept", signedIn, validate("param", invitationParam), async (c) => {
    // Joining a dealership is the account owner's own choice, never an admin's acting as them.
    if (c.get("session")?.impersonatorUserId)
      throw forbidden("Med prevzemom identitete se ekipi ni mogoče pridružiti.");
    return c.json(await acceptSalespersonInvitation(c.get("db"), requireUser(c), c.req.valid("param").token));
  })
  .post("/:token/decline", signedIn, validate("param", invitationParam), async (c) => {
    await declineSalespersonInvitation(c.get("db"), c.req.valid("param").token);
    return c.body(null, 204);
  });
