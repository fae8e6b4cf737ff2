import { formatPhone } from "~/domain/phone";
import type { ReactNode } from "react";
import { useId } from "react";
import { m } from "~/paraglide/messages";
import type { useSmsCode } from "../use-sms-code";
import { PinInput } from "./pin-input";

/**
 * The two screens every SMS-code form shows: the mobile number with "send", then the 5-digit code
 * (with cancel), and the error of either. `intro` stands above the number; `onPin` checks a full code.
 */
export function SmsCodeSteps({
  sms,
  onPin,
  intro,
  submitClassName,
  numericKeyboard = false,
}: {
  sms: ReturnType<typeof useSmsCode>;
  onPin: (pin: string) => void;
  intro?: ReactNode;
  submitClassName: string;
  numericKeyboard?: boolean;
}) {
  const id = useId();
  const { number, setNumber, sentTo, error, busy, sendCode, cancel } = sms;
  return (
    <>
      {sentTo ? (
        <>
          <p className="text-sm text-muted">{m.phone_login_pin_sent({ number: formatPhone(sentTo) })}</p>
          <PinInput disabled={busy} onComplete={onPin} />
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
          {intro}
          <div>
            <label className="field-label" htmlFor={`${id}-number`}>
              {m.phone_login_number()}
            </label>
            <input
              id={`${id}-number`}
              type="tel"
              autoComplete="tel"
              inputMode={numericKeyboard ? "tel" : undefined}
              className="field-input"
              placeholder="041 123 456"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
            />
          </div>
          <button type="submit" className={submitClassName} disabled={busy}>
            {m.phone_login_send()}
          </button>
        </form>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
