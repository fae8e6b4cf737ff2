import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatSlovenianMobile } from "~/domain/dealer-people";
import { formatDate, formatDateTime } from "~/domain/format";
import { m } from "~/paraglide/messages";
import { useConfirmDealerSignup, useRejectDealerSignup } from "../use-confirmed-writes";
import type { AdminSignupRequest } from "~/contracts/admin-dealers";
import { signupRequestsQueryOptions } from "../dealer-admin.queries";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { NoticeBar, type Notice } from "./dealer-admin-ui";

type Decision = { request: AdminSignupRequest; action: "confirm" | "reject" } | null;

/** Pending dealer sign-up requests (and the decided ones) with the register extract; admins confirm or reject. */
export function SignupRequestsSection({ onConfirmed }: { onConfirmed: () => void }) {
  const [status, setStatus] = useState<"PENDING" | "DECIDED">("PENDING");
  const requests = useQuery(signupRequestsQueryOptions(status));
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const confirm = useConfirmDealerSignup(async (result) => {
    setNotice({ text: m.adealers_signup_confirmed({ code: result.code }), error: false });
    onConfirmed();
    await refresh();
    setDecision(null);
  });
  const reject = useRejectDealerSignup(async () => {
    if (decision) setNotice({ text: m.adealers_signup_rejected({ name: decision.request.companyName }), error: false });
    await refresh();
    setDecision(null);
  });
  const write = decision?.action === "reject" ? reject : confirm;
  const decide = (next: NonNullable<Decision>) => {
    (next.action === "reject" ? reject : confirm).reset();
    setDecision(next);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-signup-requests"] });
  const tabs = [
    ["PENDING", m.adealers_signup_pending()],
    ["DECIDED", m.adealers_signup_decided()],
  ] as const;

  return (
    <section aria-labelledby="signup-requests" className="space-y-3">
      <h2 id="signup-requests" className="text-xl font-bold tracking-tight">
        {m.adealers_signup_title()}
      </h2>
      <div role="group" aria-label={m.adealers_signup_tabs()} className="flex gap-2">
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={status === value ? "btn-primary py-1.5" : "btn-outline py-1.5"}
          >
            {label}
          </button>
        ))}
      </div>
      <NoticeBar notice={notice} />
      {requests.isPending ? <p className="text-sm text-muted">{m.adealers_loading()}</p> : null}
      {requests.data?.length === 0 ? (
        <p className="card p-4 text-center text-sm text-muted">
          {status === "PENDING" ? m.adealers_signup_empty_pending() : m.adealers_signup_empty_decided()}
        </p>
      ) : null}
      <ul className="space-y-3" data-testid="signup-requests">
        {requests.data?.map((r) => (
          <li key={r.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-request-id={r.id}>
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <h3 className="text-base font-semibold">{r.companyName}</h3>
              <p>{m.adealers_signup_ids({ tax: r.taxNumber, reg: r.registrationNumber })}</p>
              <p>{m.adealers_signup_person({ name: `${r.firstName} ${r.lastName}` })}</p>
              <p className="break-all">
                <a className="underline" href={`mailto:${r.email}`}>
                  {r.email}
                </a>{" "}
                ·{" "}
                <a className="underline" href={`tel:${r.phone}`}>
                  {formatSlovenianMobile(r.phone)}
                </a>
              </p>
              <p className="text-muted">{m.adealers_signup_submitted({ date: formatDateTime(r.createdAt) })}</p>
              {r.status !== "PENDING" ? (
                <p className="font-medium">
                  {m.adealers_signup_decided_line({
                    status:
                      r.status === "CONFIRMED"
                        ? m.adealers_signup_status_CONFIRMED()
                        : m.adealers_signup_status_REJECTED(),
                    date: formatDate(r.decidedAt),
                    by: r.decidedBy ?? "—",
                  })}
                  {r.dealershipCode ? (
                    <>
                      {" · "}
                      <a className="text-brand-700 underline" href={`/trgovec/${r.dealershipCode}`}>
                        {r.dealershipCode}
                      </a>
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
              <a className="btn-outline" href={r.extractUrl} download>
                {m.adealers_signup_extract()}
              </a>
              {r.status === "PENDING" ? (
                <>
                  <button
                    type="button"
                    className="btn-primary"
                    onClick={() => decide({ request: r, action: "confirm" })}
                  >
                    {m.adealers_signup_confirm()}
                  </button>
                  <button
                    type="button"
                    className="btn-outline text-danger"
                    onClick={() => decide({ request: r, action: "reject" })}
                  >
                    {m.adealers_signup_reject()}
                  </button>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        title={decision?.action === "reject" ? m.adealers_signup_reject_title() : m.adealers_signup_confirm_title()}
        question={
          decision
            ? decision.action === "reject"
              ? m.adealers_signup_reject_text({ name: decision.request.companyName })
              : m.adealers_signup_confirm_text({ name: decision.request.companyName })
            : null
        }
        confirmLabel={decision?.action === "reject" ? m.adealers_signup_reject() : m.adealers_signup_confirm()}
        tone={decision?.action === "reject" ? "danger" : "primary"}
        write={write}
        onClose={() => setDecision(null)}
        onConfirm={() => decision && void write.submit(decision.request.id)}
      />
    </section>
  );
}
