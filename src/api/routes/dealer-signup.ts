import { Hono } from "hono";
import type { FieldError } from "~/domain/errors";
import {
  dealerSignupInputSchema,
  dealerSignupMessages,
  dealerSignupPinInputSchema,
  dealerSignupVerifyEmailInputSchema,
} from "~/contracts/dealer-signup";
import { sendDealerSignupPin, submitDealerSignup, verifyDealerSignupEmail } from "~/services/dealer-signup.server";
import { emailProvider } from "~/services/providers/email.server";
import { smsProvider } from "~/services/providers/sms.server";
import type { ApiEnv } from "../env";
import { formBody, parseJsonPart, validationFailed } from "../multipart";
import { clientIp, siteOrigin } from "../session-cookie";
import { validate } from "../validate";

/** Dealer registration (`/trgovec/registracija`): anyone may apply, signed in or not. */
export const dealerSignupRoutes = new Hono<ApiEnv>()
  /** The password ("received password (PIN)") by SMS to the applicant's mobile number: 202; 429 when throttled. */
  .post("/dealer-signup-interest/pin", validate("json", dealerSignupPinInputSchema), async (c) => {
    const db = c.get("db");
    const userId = c.get("session")?.user.id ?? null;
    await sendDealerSignupPin(db, smsProvider(db, c.env, clientIp(c)), {
      phoneNumber: c.req.valid("json").phoneNumber,
      ip: clientIp(c),
      userId,
    });
    return c.body(null, 202);
  })
  /**
   * The request (multipart: `dealership` JSON, `businessRegistryExtract` file): 201 {id, status};
   * 400 with a fieldError per bad field (also a wrong password), 413 / 415 for the file.
   */
  .post("/dealer-signup-interest", async (c) => {
    const body = await formBody(c);
    // No `dealership` part at all: every field is reported as missing, each with its own message.
    const dealership = await parseJsonPart(body.dealership ?? "{}", "dealership", dealerSignupInputSchema, {
      missing: dealerSignupMessages.dealershipInvalid,
      notJson: dealerSignupMessages.dealershipInvalid,
    });
    const file = body.businessRegistryExtract;
    const fileErrors: FieldError[] =
      file instanceof File && file.size > 0
        ? []
        : [{ field: "businessRegistryExtract", kind: "MISSING", message: dealerSignupMessages.extractRequired }];
    const fieldErrors = [...dealership.errors, ...fileErrors];
    if (fieldErrors.length || !dealership.data || !(file instanceof File)) throw validationFailed(fieldErrors);
    const db = c.get("db");
    const result = await submitDealerSignup(db, c.env.MEDIA, {
      fields: dealership.data,
      file,
      userId: c.get("session")?.user.id ?? null,
      ip: clientIp(c),
      email: emailProvider(db, c.env),
      origin: siteOrigin(c),
    });
    return c.json(result, 201);
  })
  /** The applicant opened the link sent to the application's e-mail: from now on admins see the request (400 on `token` otherwise). */
  .post("/dealer-signup-interest/verify-email", validate("json", dealerSignupVerifyEmailInputSchema), async (c) =>
    c.json(await verifyDealerSignupEmail(c.get("db"), c.req.valid("json").token)),
  );
