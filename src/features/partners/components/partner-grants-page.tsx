import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "~/components/modal";
import { formatDate } from "~/domain/format";
import type { PartnerGrant } from "~/domain/partner-oauth";
import { useRevokePartnerGrant } from "../use-revoke-partner-grant";
import { m } from "~/paraglide/messages";
import { partnerGrantsQueryOptions } from "../partners.queries";

/** /dms/partnerji: partner applications with access to the dealership's postings; any member revokes one. */
export function PartnerGrantsPage() {
  const grants = useSuspenseQuery(partnerGrantsQueryOptions()).data;
  const [revoking, setRevoking] = useState<PartnerGrant | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const revocation = useRevokePartnerGrant((grant) => {
    setRevoking(null);
    setNotice(m.partners_revoked({ partner: grant.partnerName }));
  });
  const close = () => {
    setRevoking(null);
    revocation.reset();
  };

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{m.partners_grants_title()}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">{m.partners_grants_intro()}</p>
      </div>
      {notice ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {notice}
        </p>
      ) : null}
      {grants.length === 0 ? <p className="card p-6 text-center text-muted">{m.partners_grants_empty()}</p> : null}
      <ul className="space-y-3" data-testid="partner-grants">
        {grants.map((g) => (
          <li key={g.partnerCode} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 space-y-0.5">
              <h2 className="font-semibold">{g.partnerName}</h2>
              <p className="text-sm text-muted">
                {m.partners_grants_granted({ name: g.grantedBy, date: formatDate(g.grantedAt) })}
              </p>
              <p className="text-sm text-muted">{m.partners_grants_expires({ date: formatDate(g.expiresAt) })}</p>
            </div>
            <button
              type="button"
              className="btn-outline"
              aria-label={m.partners_revoke_label({ partner: g.partnerName })}
              onClick={() => {
                setNotice(null);
                setRevoking(g);
              }}
            >
              {m.partners_revoke()}
            </button>
          </li>
        ))}
      </ul>
      <Modal open={revoking !== null} onClose={close} title={m.partners_revoke()}>
        <p className="text-sm">{revoking ? m.partners_revoke_confirm_text({ partner: revoking.partnerName }) : null}</p>
        {revocation.formError ? (
          <p role="alert" className="text-sm text-danger">
            {revocation.formError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-outline" disabled={revocation.busy} onClick={close}>
            {m.partners_cancel()}
          </button>
          <button
            type="button"
            className="btn bg-danger text-white hover:bg-danger/90"
            disabled={revocation.busy}
            onClick={() => revoking && void revocation.submit(revoking)}
          >
            {m.partners_revoke()}
          </button>
        </div>
      </Modal>
    </div>
  );
}
