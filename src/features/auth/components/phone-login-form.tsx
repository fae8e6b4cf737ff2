import { usePhoneLogin } from "../use-phone-login";
import { SmsCodeSteps } from "./sms-code-steps";

/** Phone + SMS PIN sign-in for accounts created before 22 July 2025. */
export function PhoneLoginForm({ redirectUrl }: { redirectUrl: string }) {
  const sms = usePhoneLogin(redirectUrl);
  return (
    <div className="space-y-4">
      <SmsCodeSteps sms={sms} submitClassName="btn-outline w-full" numericKeyboard />
    </div>
  );
}
