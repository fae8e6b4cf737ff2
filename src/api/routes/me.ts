import { Hono } from "hono";
import { clearMergedFlag, deleteMergeRequests, findMergeRequest, mergePreview } from "~/db/identities.server";
import { findSessionUser, updateProfile } from "~/db/users.server";
import { forbidden, notFound, unauthorized } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { confirmMerge } from "~/services/auth.server";
import { phoneStartInputSchema, phoneVerifyInputSchema, updateProfileInputSchema } from "~/contracts/auth";
import { finishPhoneVerification, startPhoneVerification } from "~/services/phone-verification.server";
import { smsProvider } from "~/services/providers/sms.server";
import { clientIp } from "../session-cookie";
import { toMeResponse } from "~/services/users.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

export const meRoutes = new Hono<ApiEnv>()
  /** The signed-in user's profile (401 when signed out: the client treats any failure as signed out). */
  .get("/", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    return c.json(await toMeResponse(c.get("db"), session));
  })
  /** Profile update: names (more than 1 character) and the optional membership number. */
  .post("/", signedIn, validate("json", updateProfileInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const { firstName, lastName, amzsMembershipNumber } = c.req.valid("json");
    const db = c.get("db");
    await updateProfile(db, session.user.id, { firstName, lastName, amzsMembershipNumber });
    // A changed number is self-declared again until an admin verifies it (decision 039).
    const amzsMembershipVerified =
      session.user.amzsMembershipVerified === true && amzsMembershipNumber === session.user.amzsMembershipNumber;
    const user = { ...session.user, firstName, lastName, amzsMembershipNumber, amzsMembershipVerified };
    return c.json(await toMeResponse(db, { ...session, user }));
  })
  /** Verify-phone dialog, step 1: a code to the new number; 202 whether or not another account has it (issue 19, rule 12). */
  .post("/phone", signedIn, validate("json", phoneStartInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const db = c.get("db");
    await startPhoneVerification(
      db,
      smsProvider(db, c.env, clientIp(c)),
      session.user.id,
      c.req.valid("json").phoneNumber,
    );
    return c.body(null, 202);
  })
  /** Step 2: the code confirms the number; answers the updated profile. */
  .post("/phone/verify", signedIn, validate("json", phoneVerifyInputSchema), async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    const db = c.get("db");
    const { phoneNumber, pin } = c.req.valid("json");
    await finishPhoneVerification(db, session.user.id, phoneNumber, pin);
    // The account as stored now: the verified phone and whatever dealership it belongs to (issue 21).
    const user = (await findSessionUser(db, session.user.id)) ?? { ...session.user, phoneNumber, phoneVerified: true };
    return c.json(await toMeResponse(db, { ...session, user }));
  })
  /**
   * A legacy phone account waits to be merged into this one (decision 032): what would move. 404 when
   * nothing waits.
   */
  .get("/merge-request", signedIn, async (c) => {
    const user = requireUser(c);
    const db = c.get("db");
    const request = await findMergeRequest(db, user.id);
    if (!request) throw notFound("Noben račun ne čaka na združitev.");
    return c.json({
      id: request.id,
      redirectUrl: request.redirectUrl,
      targetHasPhone: Boolean(user.phoneNumber),
      ...(await mergePreview(db, request.legacyUserId)),
    });
  })
  /** The signed-in owner agrees: the legacy account merges into theirs (same-origin POST; once). */
  .post(
    "/merge-request",
    signedIn,
    validate("json", z.object({ id: z.number().int().positive(), takePhone: z.boolean().default(false) })),
    async (c) => {
      const user = requireUser(c);
      if (c.get("session")?.impersonatorUserId)
        throw forbidden("Med prevzemom identitete računov ni mogoče združevati.");
      return c.json(await confirmMerge(c.get("db"), user.id, c.req.valid("json")));
    },
  )
  /** The owner declines: nothing moves, the legacy account stays as it is. */
  .delete("/merge-request", signedIn, async (c) => {
    await deleteMergeRequests(c.get("db"), requireUser(c).id);
    return c.body(null, 204);
  })
  /** The accounts-merged notice was shown: it does not come back. */
  .delete("/accounts-merged", async (c) => {
    const session = c.get("session");
    if (!session) throw unauthorized();
    await clearMergedFlag(c.get("db"), session.user.id);
    return c.body(null, 204);
  });
