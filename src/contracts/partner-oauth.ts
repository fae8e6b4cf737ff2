import { z } from "~/domain/zod-locale";
import { pkceChallengePattern, pkceVerifierPattern } from "~/domain/partner-oauth";

const partnerCode = z.string().regex(/^[a-z0-9-]{2,60}$/, "Neveljavna oznaka partnerja.");

export const partnerCodeParamSchema = z.object({ partnerCode });
export const consentSessionParamSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Neveljavna zahteva za soglasje."),
});

/** `GET oauth2/{partnerCode}`: the spec's redirectUrl plus OAuth's state and PKCE (S256 only). */
export const startConsentQuerySchema = z.object({
  redirectUrl: z.url({ protocol: /^https?$/, error: "Neveljaven naslov za preusmeritev." }).max(2000),
  state: z.string().max(500, "Parameter state je predolg.").optional(),
  code_challenge: z
    .string({ error: "Manjka code_challenge (PKCE je obvezen)." })
    .regex(pkceChallengePattern, "Neveljaven code_challenge."),
  code_challenge_method: z.literal("S256", { error: "Podprta je le metoda S256." }),
});
export type StartConsentQuery = z.infer<typeof startConsentQuerySchema>;

/** `POST oauth2`: the authorization-code grant (RFC 6749 §4.1.3) with the PKCE verifier and client_secret_post. */
export const tokenRequestSchema = z.object({
  grant_type: z.literal("authorization_code", { error: "Podprt je le grant_type authorization_code." }),
  code: z.string({ error: "Manjka code." }).min(1, "Manjka code.").max(200),
  redirect_uri: z.string({ error: "Manjka redirect_uri." }).min(1, "Manjka redirect_uri.").max(2000),
  client_id: z.string({ error: "Manjka client_id." }).min(1, "Manjka client_id.").max(60),
  client_secret: z.string({ error: "Manjka client_secret." }).min(1, "Manjka client_secret.").max(200),
  code_verifier: z.string({ error: "Manjka code_verifier." }).regex(pkceVerifierPattern, "Neveljaven code_verifier."),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const partnerGrantParamSchema = z.object({ partnerCode });
