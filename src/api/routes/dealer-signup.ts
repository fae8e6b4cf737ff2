import { Hono } from "hono";
import type { FieldError } from "~/domain/errors";
import {
  dealerSignupInputSchema,
  dealerSignupMessages,
  dealerSignupPinInputSchema,
  dealerSignupVerifyEmailInputSchema,
} from "~/contracts/dealer-signup";
import {
  sendDealerSignupPin,
  submitDealerSignup,
  verifyDealerSignupEmail,
  confirmDealerSignup,
  rejectDealerSignup,
} from "~/services/dealer-signup.server";
import { emailProvider } from "~/services/providers/email.server";
import { smsProvider } from "~/services/providers/sms.server";
import type { ApiEnv } from "../env";
import { formBody, parseJsonPart, validationFailed } from "../multipart";
import { clientIp, siteOrigin } from "../session-cookie";
import { validate } from "../validate";
import { z } from "~/domain/zod-locale";
import { signupRequestListQuerySchema } from "~/contracts/admin-dealers";
import { listSignupRequests, signupExtract } from "~/services/dealer-admin/signup-requests.server";
import { adminOnly, auditActor } from "../middleware/guards";

const requestParam = z.object({
  id: z.coerce.number({ error: "Neveljavna zahteva." }).int("Neveljavna zahteva.").positive("Neveljavna zahteva."),
});

/** Dealer registration (`/trgovec/registracija`): anyone may apply, signed in or not. */
export const dealerSignupRoutes = new Hono<ApiEnv>()
  /** The password ("received password (PIN)") by SMS to the applicant's mobile number: 202; 429 when throttled. */
  .post("/pin", validate("json", dealerSignupPinInputSchema), async (c) => {
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
  .post("/", async (c) => {
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
  .post("/verify-email", validate("json", dealerSignupVerifyEmailInputSchema), async (c) =>
    c.json(await verifyDealerSignupEmail(c.get("db"), c.req.valid("json").token)),
  )
  .get("/", adminOnly, validate("query", signupRequestListQuerySchema), async (c) =>
    c.json(await listSignupRequests(c.get("db"), c.req.valid("query").status)),
  )
  /** The business register extract: private, so only through this admin route (never `/media`). */
  .get("/:id/extract", adminOnly, validate("param", requestParam), async (c) => {
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
  .post("/:id/confirm", adminOnly, validate("param", requestParam), async (c) => {
    const db = c.get("db");
    return c.json(
      await confirmDealerSignup(db, c.req.valid("param").id, auditActor(c).actorUserId, {
        email: emailProvider(db, c.env),
        origin: siteOrigin(c),
      }),
    );
  })
  .post("/:id/reject", adminOnly, validate("param", requestParam), async (c) => {
    const db = c.get("db");
    await rejectDealerSignup(db, c.req.valid("param").id, auditActor(c).actorUserId, {
      email: emailProvider(db, c.env),
      origin: siteOrigin(c),
    });
    return c.body(null, 204);
  });
