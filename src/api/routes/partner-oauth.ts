import { Hono } from "hono";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "~/domain/errors";
import {
  consentSessionParamSchema,
  partnerCodeParamSchema,
  startConsentQuerySchema,
  tokenRequestSchema,
} from "~/contracts/partner-oauth";
import { clientIp } from "../session-cookie";
import {
  cancelConsent,
  claimAccessToken,
  finishConsent,
  getConsentSession,
  OAuthError,
  startConsent,
} from "~/services/partner-oauth.server";
import type { ApiEnv } from "../env";
import { validationError } from "../errors";
import { requireUser, signedIn } from "../middleware/guards";
import { formBody } from "../multipart";
import { validate } from "../validate";

/** Token endpoint errors in both shapes: OAuth's `error`/`error_description` (RFC 6749 §5.2) and ours. */
function oauthErrorResponse(c: Context<ApiEnv>, err: AppError) {
  const error = err instanceof OAuthError ? err.code : "invalid_request";
  c.header("Cache-Control", "no-store");
  return c.json({ error, error_description: err.message, ...err.toBody() }, err.statusCode as ContentfulStatusCode);
}

/** The token request as a form (RFC 6749 §4.1.3) or as JSON. */
async function readTokenRequest(c: Context<ApiEnv>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      return await c.req.json<unknown>();
    } catch {
      throw new OAuthError(400, "invalid_request", "Telo zahteve ni veljaven JSON.");
    }
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) return formBody(c);
  throw new OAuthError(400, "invalid_request", "Zahteva mora biti obrazec ali JSON.");
}

/** Partner applications' consent (spec section 7, decision 023): authorization-code flow with PKCE, and the dealership's grants. */
export const oauth2Routes = new Hono<ApiEnv>()
  .get(
    "/:partnerCode",
    validate("param", partnerCodeParamSchema),
    validate("query", startConsentQuerySchema),
    async (c) => {
      const location = await startConsent(
        c.get("db"),
        c.req.valid("param").partnerCode,
        c.req.valid("query"),
        c.get("session")?.user ?? null,
        clientIp(c),
      );
      c.header("Cache-Control", "no-store");
      return c.redirect(location, 302);
    },
  )
  .post("/", async (c) => {
    try {
      const body = await readTokenRequest(c);
      const parsed = tokenRequestSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, body);
      const token = await claimAccessToken(c.get("db"), parsed.data);
      c.header("Cache-Control", "no-store");
      return c.json(token);
    } catch (err) {
      if (err instanceof AppError) return oauthErrorResponse(c, err);
      throw err;
    }
  });

export const oauth2SessionRoutes = new Hono<ApiEnv>()
  .get("/:sessionId", validate("param", consentSessionParamSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getConsentSession(c.get("db"), c.req.valid("param").sessionId, c.get("session")?.user ?? null));
  })
  .post("/:sessionId", signedIn, validate("param", consentSessionParamSchema), async (c) => {
    return c.json(await finishConsent(c.get("db"), c.req.valid("param").sessionId, requireUser(c)));
  })
  .delete("/:sessionId", validate("param", consentSessionParamSchema), async (c) => {
    return c.json(await cancelConsent(c.get("db"), c.req.valid("param").sessionId, c.get("session")?.user ?? null));
  });
