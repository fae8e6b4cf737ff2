import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Modal } from "~/components/modal";
import { formatDateTime, formatNumber } from "~/domain/format";
import { Field, SubmitButton } from "~/components/ui/field";
import { Form } from "~/components/ui/form";
import { m } from "~/paraglide/messages";
import { creditDaysQueryOptions } from "../dealer-admin.queries";
import { useAddCreditDays } from "../use-add-credit-days";
import { NoticeBar, type Notice } from "./dealer-admin-ui";

// Digits only become a number; anything else is sent as typed so the schema names the problem.
const amountOf = (s: string): unknown => (/^\s*-?\d+\s*$/.test(s) ? Number(s) : s.trim() === "" ? undefined : s);

/** Grants advertising credit days to a dealership and shows its balance and ledger (admins). */
export function CreditDaysDialog({
  dealership,
  onClose,
  onChanged,
}: {
  dealership: { code: string; name: string } | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const id = useId();
  const code = dealership?.code ?? "";
  const ledger = useQuery({ ...creditDaysQueryOptions(code), enabled: Boolean(dealership) });
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const add = useAddCreditDays(code, (days, balance) => {
    setAdded(m.adealers_credit_added({ amount: String(days), days: formatNumber(balance) }));
    setAmount("");
    setReason("");
    onChanged();
  });
  const { reset } = add;
  const notice: Notice = add.formError
    ? { text: add.formError, error: true }
    : added
      ? { text: added, error: false }
      : null;

  // By code: the parent passes a new object on every render (also after this dialog's own refresh).
  useEffect(() => {
    setAmount("");
    setReason("");
    setAdded(null);
    reset();
  }, [code, reset]);

  const data = ledger.data;
  return (
    <Modal
      open={dealership !== null}
      onClose={onClose}
      title={m.adealers_credit_title({ name: dealership?.name ?? "" })}
      size="lg"
    >
      <div className="space-y-4">
        {data ? (
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="credit-balance">
            <p className="text-base font-semibold">
              {m.adealers_credit_balance({ days: formatNumber(data.advertisingDays) })}
            </p>
            <p className="text-muted">{m.adealers_credit_ledger_total({ total: formatNumber(data.ledgerTotal) })}</p>
          </div>
        ) : (
          <p className="text-sm text-muted">{m.adealers_loading()}</p>
        )}
        <Form
          form={add}
          className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
          input={() => {
            setAdded(null);
            return { amount: amountOf(amount), reason };
          }}
        >
          <Field
            id={`${id}-amount`}
            label={m.adealers_credit_amount()}
            value={amount}
            onChange={setAmount}
            error={add.fieldErrors.amount}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
          />
          <Field
            id={`${id}-reason`}
            label={m.adealers_credit_reason()}
            value={reason}
            onChange={setReason}
            error={add.fieldErrors.reason}
            autoComplete="off"
            maxLength={200}
          />
          <SubmitButton busy={add.busy} disabled={!dealership} className="btn-primary sm:mt-6">
            {m.adealers_credit_add()}
          </SubmitButton>
        </Form>
        <NoticeBar notice={notice} />
        <section aria-labelledby={`${id}-ledger`} className="space-y-2">
          <h3 id={`${id}-ledger`} className="font-semibold">
            {m.adealers_credit_ledger()}
          </h3>
          {data && data.entries.length === 0 ? <p className="text-sm text-muted">{m.adealers_credit_empty()}</p> : null}
          {data && data.entries.length > 0 ? (
            <div className="max-h-72 overflow-auto rounded-lg border border-line">
              <table className="w-full break-words text-left text-sm" data-testid="credit-ledger">
                <thead className="sticky top-0 bg-surface">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {m.adealers_credit_date()}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {m.adealers_credit_change()}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {m.adealers_credit_reason_column()}
                    </th>
                    <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                      {m.adealers_credit_actor()}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id} className="border-t border-line">
                      <td className="px-3 py-2 sm:whitespace-nowrap">{formatDateTime(e.createdAt)}</td>
                      <td
                        className={`px-3 py-2 text-right font-medium tabular-nums ${e.amount < 0 ? "text-danger" : "text-brand-800"}`}
                      >
                        {e.amount > 0 ? `+${formatNumber(e.amount)}` : formatNumber(e.amount)}
                      </td>
                      <td className="px-3 py-2">{e.reason}</td>
                      <td className="hidden px-3 py-2 text-muted sm:table-cell">{e.actor ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
        <div className="flex justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            {m.adealers_close()}
          </button>
        </div>
      </div>
    </Modal>
  );
}
