import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { m } from "~/paraglide/messages";
import { useSmsCode } from "./use-sms-code";

/** Messages by status for the PIN step (spec section 8); the server's own text where it has one. */
function pinErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [401, 404, 429, 445, 446].includes(error.statusCode)) return error.message;
  return m.phone_login_error();
}

/** Legacy phone sign-in: `GET login` sends the code, `POST login` signs in, then a full load of the return path. */
export function usePhoneLogin(redirectUrl: string) {
  return useSmsCode({
    send: (number) => data(api.login.$get({ query: { number } })),
    sendError: (e) =>
      e instanceof ApiError && e.statusCode === 429 ? m.phone_login_sms_too_many() : m.phone_login_sms_failed(),
    check: async (input) => {
      await data(api.login.$post({ json: input }));
      // A full load so every part of the page sees the new session.
      window.location.assign(withParam(safeReturnPath(redirectUrl), "success", "true"));
    },
    checkError: pinErrorMessage,
    keepBusyOnSuccess: true,
  });
}
