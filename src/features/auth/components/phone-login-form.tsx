import { formatPhone } from "~/domain/phone";
import { useId } from "react";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { useSmsCode } from "../use-sms-code";
import { PinInput } from "./pin-input";

/** Messages by status for the PIN step (spec section 8); the server's own text where it has one. */
function pinErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [401, 404, 429, 445, 446].includes(error.statusCode)) return error.message;
  return m.phone_login_error();
}

/** Phone + SMS PIN sign-in for accounts created before 22 July 2025. */
export function PhoneLoginForm({ redirectUrl }: { redirectUrl: string }) {
  const id = useId();
  const { number, setNumber, sentTo, error, busy, sendCode, check, cancel } = useSmsCode({
    send: (canonical) => api.sendLoginPin(canonical),
    sendError: (e) =>
      e instanceof ApiError && e.statusCode === 429 ? m.phone_login_sms_too_many() : m.phone_login_sms_failed(),
  });

  const signIn = (pin: string) =>
    check(
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
      {sentTo ? (
        <>
          <p className="text-sm text-muted">{m.phone_login_pin_sent({ number: formatPhone(sentTo) })}</p>
          <PinInput disabled={busy} onComplete={(pin) => void signIn(pin)} />
          <button type="button" className="btn-ghost" onClick={cancel}>
            {m.phone_login_cancel()}
          </button>
        </>
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
        >
          <div>
            <label className="field-label" htmlFor={`${id}-number`}>
              {m.phone_login_number()}
            </label>
            <input
              id={`${id}-number`}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              className="field-input"
              placeholder="041 123 456"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-outline w-full" disabled={busy}>
            {m.phone_login_send()}
          </button>
        </form>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
