import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { toSlovenianMobile, validationMessages } from "~/domain/validators";
import { ApiError } from "~/lib/api/client";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { meQueryOptions } from "../auth.queries";
import { PinInput } from "./pin-input";

/** Verify-phone dialog: a number, then the SMS code; on success the profile (and the header prompt) update. */
export function VerifyPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [number, setNumber] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  async function send() {
    setError(null);
    const canonical = toSlovenianMobile(number);
    if (!canonical) return setError(validationMessages.slovenianMobileOnly);
    setBusy(true);
    try {
      await api.startPhoneVerification(canonical);
      setSentTo(canonical);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : m.phone_login_sms_failed());
    } finally {
      setBusy(false);
    }
  }

  async function verify(pin: string) {
    if (!sentTo) return;
    setError(null);
    setBusy(true);
    try {
      const me = await api.finishPhoneVerification({ phoneNumber: sentTo, pin });
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      setDone(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : m.error_generic());
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} onClose={onClose} className="m-auto w-[min(28rem,92vw)] rounded-xl p-0 shadow-xl backdrop:bg-black/40">
      <div className="space-y-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">{m.verify_phone_title()}</h2>
        {done ? (
          <p role="status" className="rounded-lg bg-brand-50 p-3 font-medium text-brand-800">{m.verify_phone_done()}</p>
        ) : sentTo ? (
          <>
            <p className="text-sm text-muted">{m.phone_login_pin_sent({ number: sentTo })}</p>
            <PinInput disabled={busy} onComplete={(pin) => void verify(pin)} />
            <button type="button" className="btn-ghost" onClick={() => setSentTo(null)}>{m.phone_login_cancel()}</button>
          </>
        ) : (
          <form noValidate className="space-y-3" onSubmit={(e) => { e.preventDefault(); void send(); }}>
            <p className="text-sm text-muted">{m.verify_phone_intro()}</p>
            <div>
              <label className="field-label" htmlFor={`${id}-number`}>{m.phone_login_number()}</label>
              <input id={`${id}-number`} type="tel" autoComplete="tel" className="field-input" placeholder="041 123 456" value={number} onChange={(e) => setNumber(e.target.value)} />
            </div>
            <button type="submit" className="btn-primary w-full" disabled={busy}>{m.phone_login_send()}</button>
          </form>
        )}
        {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
        <div className="flex justify-end">
          <button type="button" className="btn-outline" onClick={() => ref.current?.close()}>{m.verify_phone_close()}</button>
        </div>
      </div>
    </dialog>
  );
}
