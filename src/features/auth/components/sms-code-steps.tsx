import type { ReactNode } from "react";
import { useId } from "react";
import { Field, FormError } from "~/components/ui/field";
import { formatPhone } from "~/domain/phone";
import { m } from "~/paraglide/messages";
import type { useSmsCode } from "../use-sms-code";
import { PinInput } from "./pin-input";

/**
 * The two screens every SMS-code form shows: the mobile number with "send", then the 5-digit code
 * (with cancel), and the error of either. `intro` stands above the number.
 */
export function SmsCodeSteps({
  sms,
  intro,
  submitClassName,
  numericKeyboard = false,
}: {
  sms: ReturnType<typeof useSmsCode>;
  intro?: ReactNode;
  submitClassName: string;
  numericKeyboard?: boolean;
}) {
  const id = useId();
  const { number, setNumber, sentTo, numberError, error, busy, formRef, sendCode, checkCode, cancel } = sms;
  return (
    <>
      {sentTo ? (
        <>
          <p className="text-sm text-muted">{m.phone_login_pin_sent({ number: formatPhone(sentTo) })}</p>
          <PinInput disabled={busy} onComplete={(pin) => void checkCode(pin)} />
          <button type="button" className="btn-ghost" onClick={cancel}>
            {m.phone_login_cancel()}
          </button>
        </>
      ) : (
        <form
          ref={formRef}
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
        >
          {intro}
          <Field
            id={`${id}-number`}
            label={m.phone_login_number()}
            type="tel"
            autoComplete="tel"
            inputMode={numericKeyboard ? "tel" : undefined}
            placeholder="041 123 456"
            value={number}
            onChange={setNumber}
            error={numberError}
          />
          <button type="submit" className={submitClassName} disabled={busy}>
            {m.phone_login_send()}
          </button>
        </form>
      )}
      <FormError message={error} />
    </>
  );
}
