import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  canManageSalespeople,
  formatSlovenianMobile,
  type Salesperson,
  salespersonLabel,
} from "~/domain/dealer-people";
import { formatDate } from "~/domain/format";
import type { Me } from "~/domain/user";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { addSalespersonInputSchema, updateSalespersonInputSchema } from "~/contracts/dealer-people";
import { salespeopleQueryOptions } from "../people.queries";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DmsNav } from "./dms-nav";

type Notice = { text: string; error: boolean } | null;

/** /dms/svetovalci: the dealership's salespeople; the head adds, renames, invites and removes them, others read. */
export function SalespeoplePage({ me }: { me: Me }) {
  const salespeople = useSuspenseQuery(salespeopleQueryOptions()).data;
  const queryClient = useQueryClient();
  const head = canManageSalespeople(me);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Salesperson | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: salespeopleQueryOptions().queryKey });

  async function sendSms(s: Salesperson) {
    setSending(s.phoneNumber);
    setNotice(null);
    try {
      if (s.hasAccount) {
        await api.sendSalespersonStockLink(s.phoneNumber);
        setNotice({ text: m.dpeople_link_sent({ phone: formatSlovenianMobile(s.phoneNumber) }), error: false });
      } else {
        await api.inviteSalesperson(s.phoneNumber);
        setNotice({ text: m.dpeople_invite_sent({ phone: formatSlovenianMobile(s.phoneNumber) }), error: false });
        await refresh();
      }
    } catch (e) {
      setNotice({ text: apiFailure(e, m.error_generic()).message, error: true });
    } finally {
      setSending(null);
    }
  }

  return (
    <div className="space-y-5">
      <DmsNav current="salespeople" dealershipCode={me.dealership?.code} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{m.dpeople_salespeople_title()}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          {head ? m.dpeople_salespeople_intro_head() : m.dpeople_salespeople_intro_member()}
        </p>
      </div>
      {notice ? (
        <p
          role={notice.error ? "alert" : "status"}
          className={`rounded-lg p-3 text-sm ${notice.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
        >
          {notice.text}
        </p>
      ) : null}
      <div className={head ? "grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]" : ""}>
        <section aria-labelledby="salespeople-list" className="space-y-3">
          <h2 id="salespeople-list" className="sr-only">
            {m.dpeople_salespeople_list()}
          </h2>
          {salespeople.length === 0 ? (
            <p className="card p-6 text-center text-muted">{m.dpeople_salespeople_empty()}</p>
          ) : null}
          <ul className="space-y-3" data-testid="salespeople">
            {salespeople.map((s) => {
              const name = salespersonLabel(s);
              return (
                <li key={s.phoneNumber} className="card p-4" data-phone={s.phoneNumber}>
                  {editing === s.phoneNumber ? (
                    <RenameForm
                      salesperson={s}
                      onCancel={() => setEditing(null)}
                      onSaved={async () => {
                        setEditing(null);
                        setNotice({ text: m.dpeople_saved(), error: false });
                        await refresh();
                      }}
                    />
                  ) : (
                    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                      <div className="min-w-0 flex-1">
                        <h3 className="font-semibold">{name}</h3>
                        <p className="text-sm">
                          <a
                            className="underline decoration-line underline-offset-2 hover:decoration-ink"
                            href={`tel:${s.phoneNumber}`}
                          >
                            {formatSlovenianMobile(s.phoneNumber)}
                          </a>
                        </p>
                        <p className="text-xs text-muted">
                          <span data-testid="salesperson-status">
                            {s.status === "JOINED"
                              ? m.dpeople_has_account()
                              : s.status === "DECLINED"
                                ? m.dpeople_declined()
                                : m.dpeople_no_account()}
                          </span>
                          {s.invitedAt ? ` · ${m.dpeople_invited_at({ date: formatDate(s.invitedAt) })}` : ""}
                        </p>
                      </div>
                      {head ? (
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn-outline"
                            aria-label={m.dpeople_edit_label({ name })}
                            onClick={() => setEditing(s.phoneNumber)}
                          >
                            {m.dpeople_edit()}
                          </button>
                          <button
                            type="button"
                            className="btn-outline"
                            disabled={sending === s.phoneNumber}
                            aria-label={
                              s.hasAccount ? m.dpeople_send_link_label({ name }) : m.dpeople_invite_label({ name })
                            }
                            onClick={() => void sendSms(s)}
                          >
                            {s.hasAccount ? m.dpeople_send_link() : m.dpeople_invite()}
                          </button>
                          <button
                            type="button"
                            className="btn-ghost text-danger"
                            aria-label={m.dpeople_remove_label({ name })}
                            onClick={() => setRemoving(s)}
                          >
                            {m.dpeople_remove()}
                          </button>
                        </div>
                      ) : null}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
        {head ? (
          <AddSalespersonForm
            onAdded={async (s) => {
              setNotice({ text: m.dpeople_added({ name: salespersonLabel(s) }), error: false });
              await refresh();
            }}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={m.dpeople_remove_salesperson_title()}
        text={removing ? m.dpeople_remove_salesperson_text({ name: salespersonLabel(removing) }) : ""}
        confirmLabel={m.dpeople_confirm_remove()}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await api.deleteSalesperson(removing.phoneNumber);
          setNotice({ text: m.dpeople_removed({ name: salespersonLabel(removing) }), error: false });
          await refresh();
        }}
      />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-danger">
      {message}
    </p>
  ) : null;
}

function AddSalespersonForm({ onAdded }: { onAdded: (s: Salesperson) => Promise<void> }) {
  const id = useId();
  const [values, setValues] = useState({ phoneNumber: "", firstName: "", lastName: "" });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (
    name: keyof typeof values,
    label: string,
    props: { type?: string; autoComplete?: string; inputMode?: "tel"; hint?: string } = {},
  ) => (
    <div>
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        className="field-input"
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [errors[name] ? `${id}-${name}-error` : null, props.hint ? `${id}-${name}-hint` : null]
            .filter(Boolean)
            .join(" ") || undefined
        }
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      {props.hint ? (
        <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-muted">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );
  return (
    <section aria-labelledby={`${id}-title`} className="card p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {m.dpeople_add_salesperson_title()}
      </h2>
      <form
        noValidate
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          const parsed = addSalespersonInputSchema.safeParse(values);
          if (!parsed.success) {
            setErrors(zodFieldMessages(parsed.error));
            return;
          }
          setErrors({});
          setBusy(true);
          try {
            const added = await api.addSalesperson(parsed.data);
            setValues({ phoneNumber: "", firstName: "", lastName: "" });
            await onAdded(added);
          } catch (err) {
            const failure = apiFailure(err, m.error_generic());
            setErrors(failure.fields);
            setMessage(failure.message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {field("phoneNumber", m.dpeople_phone(), {
          type: "tel",
          inputMode: "tel",
          autoComplete: "off",
          hint: m.dpeople_phone_hint(),
        })}
        {field("firstName", m.dpeople_first_name(), { autoComplete: "off" })}
        {field("lastName", m.dpeople_last_name(), { autoComplete: "off" })}
        {message ? (
          <p role="alert" className="text-sm text-danger">
            {message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {m.dpeople_add_salesperson()}
        </button>
      </form>
    </section>
  );
}

function RenameForm({
  salesperson,
  onCancel,
  onSaved,
}: {
  salesperson: Salesperson;
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const id = useId();
  const [values, setValues] = useState({
    firstName: salesperson.firstName ?? "",
    lastName: salesperson.lastName ?? "",
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="space-y-3"
      aria-label={m.dpeople_edit_label({ name: salespersonLabel(salesperson) })}
      onSubmit={async (e) => {
        e.preventDefault();
        setMessage(null);
        const parsed = updateSalespersonInputSchema.safeParse(values);
        if (!parsed.success) {
          setErrors(zodFieldMessages(parsed.error));
          return;
        }
        setErrors({});
        setBusy(true);
        try {
          await api.updateSalesperson(salesperson.phoneNumber, parsed.data);
          await onSaved();
        } catch (err) {
          const failure = apiFailure(err, m.error_generic());
          setErrors(failure.fields);
          setMessage(failure.message);
          setBusy(false);
        }
      }}
    >
      <p className="text-sm text-muted">{formatSlovenianMobile(salesperson.phoneNumber)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(["firstName", "lastName"] as const).map((name) => (
          <div key={name}>
            <label className="field-label" htmlFor={`${id}-${name}`}>
              {name === "firstName" ? m.dpeople_first_name() : m.dpeople_last_name()}
            </label>
            <input
              id={`${id}-${name}`}
              className="field-input"
              autoFocus={name === "firstName"}
              value={values[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            />
            <FieldError id={`${id}-${name}-error`} message={errors[name]} />
          </div>
        ))}
      </div>
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {m.dpeople_save()}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          {m.dpeople_cancel()}
        </button>
      </div>
    </form>
  );
}
