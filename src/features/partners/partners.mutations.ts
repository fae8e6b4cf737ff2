import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** The partner screens' writes over the client derived from the API (decision 056). */
export const finishOauthSession = (sessionId: string) =>
  data(api["oauth2-session"][":sessionId"].$post({ param: { sessionId } }));
export const cancelOauthSession = (sessionId: string) =>
  data(api["oauth2-session"][":sessionId"].$delete({ param: { sessionId } }));
export const revokePartnerGrant = (partnerCode: string) =>
  data(api.dealer["partner-grants"][":partnerCode"].$delete({ param: { partnerCode } }));
