import { useState } from "react";
import type { PendingSocialLinkView } from "~/domain/account-link";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { socialName } from "./social-buttons";

/**
 * The screen where the signed-in owner links a social identity to their account (decision 031): it
 * names the provider, the identity and the account; only their same-origin POST links it.
 */
export function SocialLinkPage({
  view,
  provider,
  redirectUrl,
}: {
  view: PendingSocialLinkView | null;
  provider: string;
  redirectUrl: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!view) {
    return (
      <div className="space-y-4" role="alert">
        <h1 className="text-2xl font-bold">{m.social_link_title()}</h1>
        <p className="text-muted">{m.social_link_none()}</p>
        <a className="btn-primary inline-block px-4 py-2.5" href={safeReturnPath(redirectUrl)}>
          {m.merge_consent_continue()}
        </a>
      </div>
    );
  }
  const name = socialName[view.provider]();

  async function answer(confirm: boolean) {
    setError(null);
    setBusy(true);
    try {
      if (confirm) {
        await api.confirmSocialLink(provider);
        setDone(m.social_link_done({ provider: name }));
        // success=true: a new account is asked to complete its profile there.
        window.location.assign(withParam(safeReturnPath(view?.redirectUrl), "success", "true"));
      } else {
        await api.declineSocialLink(provider);
        window.location.assign(safeReturnPath(view?.redirectUrl));
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : m.error_generic());
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.social_link_heading({ provider: name })}</h1>
      <p className="text-muted">{m.social_link_text({ provider: name, email: view.email })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line p-3 text-sm">
        <dt className="text-muted">{m.social_link_identity()}</dt>
        <dd className="break-words font-semibold">
          {[name, view.identity.name, view.identity.email].filter(Boolean).join(" · ")}
        </dd>
        <dt className="text-muted">{m.social_link_identity_id()}</dt>
        <dd className="break-all">{view.identity.subject}</dd>
        <dt className="text-muted">{m.social_link_account()}</dt>
        <dd className="break-words">{view.email}</dd>
      </dl>
      {!view.isOwner ? (
        <p className="rounded-lg bg-danger/10 p-3 text-sm text-danger" role="alert">
          {m.social_link_not_owner({ email: view.email })}
        </p>
      ) : null}
      {done ? (
        <p className="text-sm text-brand-700" role="status">
          {done}
        </p>
      ) : null}
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {view.isOwner ? (
          <button
            type="button"
            className="btn-primary flex-1 px-4 py-2.5"
            disabled={busy}
            onClick={() => void answer(true)}
          >
            {m.social_link_confirm({ provider: name })}
          </button>
        ) : null}
        <button type="button" className="btn-outline px-4 py-2.5" disabled={busy} onClick={() => void answer(false)}>
          {m.social_link_decline()}
        </button>
      </div>
    </div>
  );
}
