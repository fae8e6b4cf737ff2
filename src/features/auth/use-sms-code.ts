import { useState } from "react";
import { toSlovenianMobile, validationMessages } from "~/domain/validators";
import { m } from "~/paraglide/messages";

/**
 * The two steps every SMS-code form shares: a number (checked and made canonical here) gets a code
 * sent, then the 5-digit code is checked. Busy and error state for both.
 */
export function useSmsCode({
  send,
  sendError,
}: {
  send: (canonical: string) => Promise<unknown>;
  sendError: (error: unknown) => string;
}) {
  const [number, setNumber] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode() {
    setError(null);
    const canonical = toSlovenianMobile(number);
    if (!canonical) return setError(validationMessages.slovenianMobileOnly);
    setBusy(true);
    try {
      await send(canonical);
      setSentTo(canonical);
    } catch (e) {
      setError(sendError(e));
    } finally {
      setBusy(false);
    }
  }

  /** Runs the check with the code; on failure shows `message(error)` and re-enables the form. */
  async function check(
    run: (phoneNumber: string) => Promise<unknown>,
    message: (error: unknown) => string,
    keepBusyOnSuccess = false,
  ) {
    if (!sentTo) return;
    setError(null);
    setBusy(true);
    try {
      await run(sentTo);
      if (!keepBusyOnSuccess) setBusy(false);
    } catch (e) {
      setError(message(e) || m.error_generic());
      setBusy(false);
    }
  }

  const cancel = () => {
    setSentTo(null);
    setError(null);
  };

  return { number, setNumber, sentTo, error, busy, sendCode, check, cancel };
}
