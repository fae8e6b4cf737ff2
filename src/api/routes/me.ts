import { linkSalespersonAccount } from "~/services/dealer-people.server";
import { Hono } from "hono";
import { clearMergedFlag } from "~/db/identities.server";
import { updateProfile } from "~/db/users.server";
import { unauthorized } from "~/domain/errors";
import { phoneStartInputSchema, phoneVerifyInputSchema, updateProfileInputSchema } from "~/features/auth/schemas";
import { finishPhoneVerification, startPhoneVerification } from "~/services/phone-verification.server";
import { smsProvider } from "~/services/providers/sms.server";
import { toMeResponse } from "~/services/users.server";
import type { ApiEnv } from "../env";
import { signedIn } from "../middleware/guards";
import { validate } from "../validate";

export const meRoutes = new Hono<ApiEnv>()
  /** The signed-in user's profile (401 when signed out: the client treats any failure as signed out). */
  .get("/me", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    return c.json(await toMeResponse(c.get("db"), session));
  })
  /** Profile update: names (more than 1 character) and the optional membership number. */
  .post("/me", signedIn, validate("json", updateProfileInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const { firstName, lastName, amzsMembershipNumber } = c.req.valid("json");
    const db = c.get("db");
    await updateProfile(db, session.user.id, { firstName, lastName, amzsMembershipNumber });
    // A changed number is self-declared again until an admin verifies it (decision 039).
    const amzsMembershipVerified = session.user.amzsMembershipVerified === true && amzsMembershipNumber === session.user.amzsMembershipNumber;
    const user = { ...session.user, firstName, lastName, amzsMembershipNumber, amzsMembershipVerified };
    return c.json(await toMeResponse(db, { ...session, user }));
  })
  /** Verify-phone dialog, step 1: a code to the new number (409 when another account has it). */
  .post("/me/phone", signedIn, validate("json", phoneStartInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const db = c.get("db");
    await startPhoneVerification(db, smsProvider(db, c.env), session.user.id, c.req.valid("json").phoneNumber);
    return c.body(null, 202);
  })
  /** Step 2: the code confirms the number; answers the updated profile. */
  .post("/me/phone/verify", signedIn, validate("json", phoneVerifyInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const db = c.get("db");
    const { phoneNumber, pin } = c.req.valid("json");
    await finishPhoneVerification(db, session.user.id, phoneNumber, pin);
    // A dealership may have listed this number as a salesperson: the account joins it now.
    await linkSalespersonAccount(db, session.user.id, phoneNumber);
    const user = { ...session.user, phoneNumber, phoneVerified: true };
    return c.json(await toMeResponse(db, { ...session, user }));
  })
  /** The accounts-merged notice was shown: it does not come back. */
  .delete("/me/accounts-merged", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    await clearMergedFlag(c.get("db"), session.user.id);
    return c.body(null, 204);
  });
