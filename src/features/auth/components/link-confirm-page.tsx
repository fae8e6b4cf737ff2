import { useState } from "react";
import type { EmailLinkView } from "~/domain/account-link";
import { withParam } from "~/domain/return-path";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";

/**
 * The page an e-mailed sign-in link opens (decision 030): it names the account and signs in only when
 * the visitor presses the button, a same-origin POST. A link planted in another site's page or image
 * therefore signs nobody in. Works in any tab or browser: the token travels in the POST.
 */
export function LinkConfirmPage({
  token,
  view,
  spentReturn = null,
}: {
  token: string;
  view: EmailLinkView | null;
  spentReturn?: string | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!view) {
    return (
      <div className="space-y-4" role="alert">
        <h1 className="text-2xl font-bold">{m.link_confirm_title()}</h1>
        <p className="text-danger">{m.link_confirm_invalid()}</p>
        {/* Back to the page the link was asked for: its login (success=false) says the link expired and sends a new one there. */}
        <a
          className="btn-primary inline-block px-4 py-2.5"
          href={spentReturn ? withParam(spentReturn, "success", "false") : "/relogin"}
          data-testid="link-confirm-new"
        >
          {m.link_confirm_new()}
        </a>
      </div>
    );
  }

  async function confirm() {
    setError(null);
    setBusy(true);
    try {
      const { location } = await api.openEmailLink(token);
      // A full load: every part of the page (and its server render) sees the new session.
      window.location.assign(location);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : m.error_generic());
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold break-words">{m.link_confirm_heading({ email: view.email })}</h1>
      <p className="text-muted">{m.link_confirm_text({ email: view.email })}</p>
      {view.movesLegacyAccount ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">{m.link_confirm_legacy()}</p>
      ) : null}
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary flex-1 px-4 py-2.5 break-all"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {m.link_confirm_button({ email: view.email })}
        </button>
        <a className="btn-ghost px-4 py-2.5" href="/">
          {m.link_confirm_cancel()}
        </a>
      </div>
    </div>
  );
}
