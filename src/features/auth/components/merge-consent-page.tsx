import { formatPhone } from "~/domain/phone";
import { useState } from "react";
import type { MergeRequestView } from "~/domain/account-link";
import { safeReturnPath, withParam } from "~/domain/return-path";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";

/**
 * The target owner's consent to merge a legacy phone account into theirs (decision 032): it lists what
 * would move; the phone moves only when ticked, and then unverified.
 */
export function MergeConsentPage({ view, redirectUrl }: { view: MergeRequestView | null; redirectUrl: string }) {
  const [takePhone, setTakePhone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = safeReturnPath(view?.redirectUrl ?? redirectUrl);

  if (!view || declined) {
    return (
      <div className="space-y-4" role="status">
        <h1 className="text-2xl font-bold">{m.merge_consent_title()}</h1>
        <p className="text-muted">{declined ? m.merge_consent_declined() : m.merge_consent_none()}</p>
        <a className="btn-primary inline-block px-4 py-2.5" href={next}>
          {m.merge_consent_continue()}
        </a>
      </div>
    );
  }
  const phone = formatPhone(view.phoneNumber);

  async function answer(confirm: boolean) {
    if (!view) return;
    setError(null);
    setBusy(true);
    try {
      if (confirm) {
        const { redirectUrl: to } = await api.confirmMergeRequest({
          id: view.id,
          takePhone: takePhone && !view.targetHasPhone,
        });
        window.location.assign(withParam(safeReturnPath(to), "success", "true"));
        return;
      }
      await api.declineMergeRequest();
      setDeclined(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : m.error_generic());
    }
    setBusy(false);
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.merge_consent_heading()}</h1>
      <p className="text-muted">{m.merge_consent_text({ phone })}</p>
      <div className="rounded-lg border border-line p-3 text-sm">
        <p className="font-semibold">{m.merge_consent_moves()}</p>
        <p className="mt-2">{m.merge_consent_postings({ count: String(view.postings.length) })}</p>
        {view.postings.length === 0 ? (
          <p className="text-muted">{m.merge_consent_no_postings()}</p>
        ) : (
          <ul className="ml-5 list-disc" data-testid="merge-postings">
            {view.postings.map((p) => (
              <li key={p.code} className="break-words">
                {[p.manufacturerName, p.modelName, p.trimName].filter(Boolean).join(" ") || p.code} ({p.code})
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2">{m.merge_consent_favourites({ count: String(view.favourites) })}</p>
        <p>{m.merge_consent_saved({ count: String(view.savedSearches) })}</p>
        {phone ? (
          view.targetHasPhone ? (
            <p className="mt-2 text-muted">{m.merge_consent_phone_kept({ phone })}</p>
          ) : (
            <label className="mt-2 flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1"
                checked={takePhone}
                onChange={(e) => setTakePhone(e.target.checked)}
              />
              <span>{m.merge_consent_phone({ phone })}</span>
            </label>
          )
        ) : null}
      </div>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary flex-1 px-4 py-2.5"
          disabled={busy}
          onClick={() => void answer(true)}
        >
          {m.merge_consent_confirm()}
        </button>
        <button type="button" className="btn-outline px-4 py-2.5" disabled={busy} onClick={() => void answer(false)}>
          {m.merge_consent_decline()}
        </button>
      </div>
    </div>
  );
}
