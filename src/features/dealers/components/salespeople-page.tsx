import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import {
  canManageSalespeople,
  formatSlovenianMobile,
  type Salesperson,
  salespersonLabel,
} from "~/domain/dealer-people";
import { formatDate } from "~/domain/format";
import type { Me } from "~/domain/user";
import { Form } from "~/components/ui/form";
import { m } from "~/paraglide/messages";
import { salespeopleQueryOptions } from "../people.queries";
import { useAddSalesperson } from "../use-add-salesperson";
import { useDeleteSalesperson } from "../use-delete-salesperson";
import { useRenameSalesperson } from "../use-rename-salesperson";
import { useSendSalespersonSms } from "../use-send-salesperson-sms";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field, FormError, SubmitButton } from "~/components/ui/field";
import type { NoticeMessage } from "~/components/ui/notice";
import { ContactLink, PeoplePageLayout } from "./people-page-layout";

/** /dms/svetovalci: the dealership's salespeople; the head adds, renames, invites and removes them, others read. */
export function SalespeoplePage({ me }: { me: Me }) {
  const salespeople = useSuspenseQuery(salespeopleQueryOptions()).data;
  const queryClient = useQueryClient();
  const head = canManageSalespeople(me);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Salesperson | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: salespeopleQueryOptions().queryKey });
  const { send, sendingTo } = useSendSalespersonSms(setNotice);
  const remove = useDeleteSalesperson((removed) => {
    setRemoving(null);
    setNotice({ text: m.dpeople_removed({ name: salespersonLabel(removed) }), error: false });
  });

  return (
    <PeoplePageLayout
      current="salespeople"
      dealershipCode={me.dealership?.code}
      title={m.dpeople_salespeople_title()}
      intro={head ? m.dpeople_salespeople_intro_head() : m.dpeople_salespeople_intro_member()}
      notice={notice}
      listId="salespeople-list"
      listLabel={m.dpeople_salespeople_list()}
      empty={salespeople.length === 0 ? m.dpeople_salespeople_empty() : null}
      gridClass={head ? "grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]" : ""}
      form={
        head ? (
          <AddSalespersonForm
            onAdded={async (s) => {
              setNotice({ text: m.dpeople_added({ name: salespersonLabel(s) }), error: false });
              await refresh();
            }}
          />
        ) : null
      }
      dialog={
        <ConfirmDialog
          title={m.dpeople_remove_salesperson_title()}
          question={removing ? m.dpeople_remove_salesperson_text({ name: salespersonLabel(removing) }) : null}
          confirmLabel={m.dpeople_confirm_remove()}
          write={remove}
          onClose={() => setRemoving(null)}
          onConfirm={() => removing && void remove.submit(removing)}
        />
      }
    >
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
                      <ContactLink href={`tel:${s.phoneNumber}`}>{formatSlovenianMobile(s.phoneNumber)}</ContactLink>
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
                        disabled={sendingTo === s.phoneNumber}
                        aria-label={
                          s.hasAccount ? m.dpeople_send_link_label({ name }) : m.dpeople_invite_label({ name })
                        }
                        onClick={() => void send(s)}
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
    </PeoplePageLayout>
  );
}

type AddValues = { phoneNumber: string; firstName: string; lastName: string };
const noOne: AddValues = { phoneNumber: "", firstName: "", lastName: "" };

function AddSalespersonForm({ onAdded }: { onAdded: (s: Salesperson) => Promise<void> }) {
  const id = useId();
  const [values, setValues] = useState(noOne);
  const form = useAddSalesperson(async (added) => {
    setValues(noOne);
    await onAdded(added);
  });
  const text = (name: keyof AddValues) => ({
    id: `${id}-${name}`,
    value: values[name],
    error: form.fieldErrors[name],
    autoComplete: "off",
    onChange: (v: string) => setValues((prev) => ({ ...prev, [name]: v })),
  });
  return (
    <section aria-labelledby={`${id}-title`} className="card p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {m.dpeople_add_salesperson_title()}
      </h2>
      <Form form={form} className="space-y-3" input={() => values}>
        <Field
          {...text("phoneNumber")}
          label={m.dpeople_phone()}
          type="tel"
          inputMode="tel"
          hint={m.dpeople_phone_hint()}
        />
        <Field {...text("firstName")} label={m.dpeople_first_name()} />
        <Field {...text("lastName")} label={m.dpeople_last_name()} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy} className="btn-primary w-full">
          {m.dpeople_add_salesperson()}
        </SubmitButton>
      </Form>
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
  const form = useRenameSalesperson(salesperson.phoneNumber, onSaved);
  const { formRef } = form;
  // The first name takes the focus when the form opens in place of the row.
  useEffect(() => formRef.current?.querySelector("input")?.focus(), [formRef]);
  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-3"
      aria-label={m.dpeople_edit_label({ name: salespersonLabel(salesperson) })}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(values);
      }}
    >
      <p className="text-sm text-muted">{formatSlovenianMobile(salesperson.phoneNumber)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(["firstName", "lastName"] as const).map((name) => (
          <Field
            key={name}
            id={`${id}-${name}`}
            label={name === "firstName" ? m.dpeople_first_name() : m.dpeople_last_name()}
            value={values[name]}
            error={form.fieldErrors[name]}
            onChange={(v) => setValues((prev) => ({ ...prev, [name]: v }))}
          />
        ))}
      </div>
      <FormError message={form.formError} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={form.busy}>{m.dpeople_save()}</SubmitButton>
        <button type="button" className="btn-outline" onClick={onCancel}>
          {m.dpeople_cancel()}
        </button>
      </div>
    </form>
  );
}
