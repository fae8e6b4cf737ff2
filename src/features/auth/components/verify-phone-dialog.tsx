import { formatPhone } from "~/domain/phone";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { meQueryOptions } from "~/client/use-session";
import { useSmsCode } from "../use-sms-code";
import { PinInput } from "./pin-input";

/** Verify-phone dialog: a number, then the SMS code; on success the profile (and the header prompt) update. */
export function VerifyPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  const { number, setNumber, sentTo, error, busy, sendCode, check, cancel } = useSmsCode({
    send: (canonical) => api.startPhoneVerification(canonical),
    sendError: (e) => (e instanceof ApiError ? e.message : m.phone_login_sms_failed()),
  });

  const verify = (pin: string) =>
    check(
      async (phoneNumber) => {
        const me = await api.finishPhoneVerification({ phoneNumber, pin });
        queryClient.setQueryData(meQueryOptions().queryKey, me);
        setDone(true);
      },
      (e) => (e instanceof ApiError ? e.message : m.error_generic()),
    );

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[min(28rem,92vw)] rounded-xl p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="space-y-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {m.verify_phone_title()}
        </h2>
        {done ? (
          <p role="status" className="rounded-lg bg-brand-50 p-3 font-medium text-brand-800">
            {m.verify_phone_done()}
          </p>
        ) : sentTo ? (
          <>
            <p className="text-sm text-muted">{m.phone_login_pin_sent({ number: formatPhone(sentTo) })}</p>
            <PinInput disabled={busy} onComplete={(pin) => void verify(pin)} />
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
            <p className="text-sm text-muted">{m.verify_phone_intro()}</p>
            <div>
              <label className="field-label" htmlFor={`${id}-number`}>
                {m.phone_login_number()}
              </label>
              <input
                id={`${id}-number`}
                type="tel"
                autoComplete="tel"
                className="field-input"
                placeholder="041 123 456"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
              />
            </div>
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {m.phone_login_send()}
            </button>
          </form>
        )}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <button type="button" className="btn-outline" onClick={() => ref.current?.close()}>
            {m.verify_phone_close()}
          </button>
        </div>
      </div>
    </dialog>
  );
}
