import { useEffect, useState } from "react";
import { useVerifyDealerSignupEmail } from "../use-verify-dealer-signup-email";
import { m } from "~/paraglide/messages";

/**
 * `/trgovec/registracija/potrditev?token=…`: the link from the e-mail a dealer applicant receives.
 * Opening it changes nothing (mail scanners open links too); the button confirms the e-mail with a
 * POST, and only then does the request count for the admins (decision 034).
 */
export function DealerSignupConfirmPage({ token }: { token: string | undefined }) {
  const { confirm, done, busy, error } = useVerifyDealerSignupEmail(token ?? "");
  // Before hydration a click would be lost: the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <div className="mx-auto max-w-2xl">
      <div className="card space-y-4 p-6" data-testid="dealer-signup-confirm">
        <h1 className="text-2xl font-bold">{m.dreg_confirm_title()}</h1>
        {!token ? (
          <p role="alert">{m.dreg_confirm_missing()}</p>
        ) : done ? (
          <p role="status">{m.dreg_confirm_done({ email: done.email, company: done.company })}</p>
        ) : (
          <>
            <p>{m.dreg_confirm_text()}</p>
            {error ? (
              <p role="alert" className="text-red-700">
                {error}
              </p>
            ) : null}
            <button type="button" className="btn-primary" disabled={!ready || busy} onClick={() => void confirm()}>
              {busy ? m.dreg_confirm_busy() : m.dreg_confirm_button()}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
