import type { ConsentSessionView, PartnerPermission } from "~/domain/partner-oauth";
import { formatDateTime } from "~/domain/format";
import { useAnswerConsent } from "../use-answer-consent";
import { m } from "~/paraglide/messages";

const permissionText: Record<PartnerPermission, () => string> = {
  READ_POSTINGS: m.partners_perm_READ_POSTINGS,
  WRITE_POSTINGS: m.partners_perm_WRITE_POSTINGS,
  PUBLISH_POSTINGS: m.partners_perm_PUBLISH_POSTINGS,
  MANAGE_FILES: m.partners_perm_MANAGE_FILES,
};

/**
 * /oauth/allow: what the partner will be able to do, then Allow or Deny. Either answer sends the
 * browser back to the partner; a user outside a dealership sees the business-only notice instead.
 */
export function ConsentAllowPage({ view }: { view: ConsentSessionView }) {
  const { answer, busy, redirecting, error } = useAnswerConsent(view.sessionId);
  const partner = view.partner.name;

  return (
    <div className="card mx-auto max-w-xl space-y-5 p-6">
      <h1 className="text-2xl font-bold tracking-tight">{m.partners_allow_title()}</h1>
      {redirecting ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {m.partners_redirecting({ partner })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {view.canGrant ? (
        <>
          <p>{m.partners_allow_intro({ partner, dealership: view.dealershipName ?? "" })}</p>
          <section aria-labelledby="partners-can">
            <h2 id="partners-can" className="mb-2 font-semibold">
              {m.partners_allow_can_title()}
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="partner-permissions">
              {view.permissions.map((p) => (
                <li key={p}>{permissionText[p]()}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted">{m.partners_allow_cannot()}</p>
          </section>
          <p className="text-sm text-muted">
            {m.partners_allow_expiry({ time: formatDateTime(view.expiresAt) })} {m.partners_allow_revoke_hint()}
          </p>
          <div
            role="group"
            aria-label={m.partners_actions_label()}
            className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          >
            <button type="button" className="btn-outline py-2.5" disabled={busy} onClick={() => void answer(false)}>
              {m.partners_deny_button()}
            </button>
            <button type="button" className="btn-primary py-2.5" disabled={busy} onClick={() => void answer(true)}>
              {m.partners_allow_button()}
            </button>
          </div>
        </>
      ) : (
        <>
          <section
            aria-labelledby="partners-business-only"
            className="space-y-2 rounded-lg border border-accent-500 bg-accent-500/10 p-4"
            data-testid="partner-business-only"
          >
            <h2 id="partners-business-only" className="font-semibold">
              {m.partners_business_only_title()}
            </h2>
            <p className="text-sm">{m.partners_business_only_text()}</p>
            <a href="/trgovec/registracija" className="btn-primary mt-1">
              {m.partners_business_only_link()}
            </a>
          </section>
          <div className="flex justify-end">
            <button type="button" className="btn-outline" disabled={busy} onClick={() => void answer(false)}>
              {m.partners_cancel_request()}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
