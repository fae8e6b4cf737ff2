import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { meQueryOptions } from "~/client/use-session";
import { useSmsCode } from "../use-sms-code";
import { SmsCodeSteps } from "./sms-code-steps";

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

  const sms = useSmsCode({
    send: (canonical) => api.startPhoneVerification(canonical),
    sendError: (e) => (e instanceof ApiError ? e.message : m.phone_login_sms_failed()),
  });

  const verify = (pin: string) =>
    sms.check(
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
        ) : (
          <SmsCodeSteps
            sms={sms}
            onPin={(pin) => void verify(pin)}
            intro={<p className="text-sm text-muted">{m.verify_phone_intro()}</p>}
            submitClassName="btn-primary w-full"
          />
        )}
        <div className="flex justify-end">
          <button type="button" className="btn-outline" onClick={() => ref.current?.close()}>
            {m.verify_phone_close()}
          </button>
        </div>
      </div>
    </dialog>
  );
}
