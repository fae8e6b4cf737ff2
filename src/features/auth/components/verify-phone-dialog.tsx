import { useEffect, useId, useRef } from "react";
import { m } from "~/paraglide/messages";
import { useVerifyPhone } from "../use-verify-phone";
import { SmsCodeSteps } from "./sms-code-steps";

/** Verify-phone dialog: a number, then the SMS code; on success the profile (and the header prompt) update. */
export function VerifyPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  const sms = useVerifyPhone();

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
        {sms.done ? (
          <p role="status" className="rounded-lg bg-brand-50 p-3 font-medium text-brand-800">
            {m.verify_phone_done()}
          </p>
        ) : (
          <SmsCodeSteps
            sms={sms}
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
