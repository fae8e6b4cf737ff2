import { useEffect, useState } from "react";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";

/**
 * `/trgovec/registracija/potrditev?token=…`: the link from the e-mail a dealer applicant receives.
 * Opening it changes nothing (mail scanners open links too); the button confirms the e-mail with a
 * POST, and only then does the request count for the admins (decision 034).
 */
export function DealerSignupConfirmPage({ token }: { token: string | undefined }) {
  const [state, setState] = useState<
    { kind: "idle" | "busy" } | { kind: "done"; email: string; company: string } | { kind: "error"; message: string }
  >({ kind: "idle" });
  // Before hydration a click would be lost: the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function confirm() {
    if (!token) return;
    setState({ kind: "busy" });
    try {
      const result = await api.verifyDealerSignupEmail(token);
      setState({ kind: "done", email: result.email, company: result.companyName });
    } catch (e) {
      const message = e instanceof ApiError ? e.firstMessage : m.dreg_confirm_failed();
      setState({ kind: "error", message });
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <div className="card space-y-4 p-6" data-testid="dealer-signup-confirm">
        <h1 className="text-2xl font-bold">{m.dreg_confirm_title()}</h1>
        {!token ? (
          <p role="alert">{m.dreg_confirm_missing()}</p>
        ) : state.kind === "done" ? (
          <p role="status">{m.dreg_confirm_done({ email: state.email, company: state.company })}</p>
        ) : (
          <>
            <p>{m.dreg_confirm_text()}</p>
            {state.kind === "error" ? (
              <p role="alert" className="text-red-700">
                {state.message}
              </p>
            ) : null}
            <button
              type="button"
              className="btn-primary"
              disabled={!ready || state.kind === "busy"}
              onClick={() => void confirm()}
            >
              {state.kind === "busy" ? m.dreg_confirm_busy() : m.dreg_confirm_button()}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
