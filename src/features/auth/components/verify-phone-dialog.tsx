import { Modal } from "~/components/modal";
import { m } from "~/paraglide/messages";
import { useVerifyPhone } from "../use-verify-phone";
import { SmsCodeSteps } from "./sms-code-steps";

/**
 * Verify-phone dialog: a number, then the SMS code; on success the profile (and the header prompt)
 * update. The shared Modal gives it the focus trap, Escape and the one "Zapri" button.
 */
export function VerifyPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sms = useVerifyPhone();
  return (
    <Modal open={open} onClose={onClose} title={m.verify_phone_title()} closeLabel={m.verify_phone_close()}>
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
    </Modal>
  );
}
