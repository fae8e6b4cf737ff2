import { safeReturnPath, withParam } from "~/domain/return-path";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { useSmsCode } from "../use-sms-code";
import { SmsCodeSteps } from "./sms-code-steps";

/** Messages by status for the PIN step (spec section 8); the server's own text where it has one. */
function pinErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [401, 404, 429, 445, 446].includes(error.statusCode)) return error.message;
  return m.phone_login_error();
}

/** Phone + SMS PIN sign-in for accounts created before 22 July 2025. */
export function PhoneLoginForm({ redirectUrl }: { redirectUrl: string }) {
  const sms = useSmsCode({
    send: (canonical) => api.sendLoginPin(canonical),
    sendError: (e) =>
      e instanceof ApiError && e.statusCode === 429 ? m.phone_login_sms_too_many() : m.phone_login_sms_failed(),
  });

  const signIn = (pin: string) =>
    sms.check(
      async (phoneNumber) => {
        await api.pinLogin({ phoneNumber, pin });
        // A full load so every part of the page sees the new session.
        window.location.assign(withParam(safeReturnPath(redirectUrl), "success", "true"));
      },
      pinErrorMessage,
      true,
    );

  return (
    <div className="space-y-4">
      <SmsCodeSteps sms={sms} onPin={(pin) => void signIn(pin)} submitClassName="btn-outline w-full" numericKeyboard />
    </div>
  );
}
