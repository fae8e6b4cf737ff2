import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { formatPhone } from "~/domain/phone";
import { type Ref, useId, useRef, useState } from "react";
import type { DealerContact } from "~/domain/dealer-people";
import type { Me } from "~/domain/user";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { dealerContactsQueryOptions } from "../people.queries";
import { dealerContactInputSchema } from "~/contracts/dealer-people";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DmsNav } from "./dms-nav";

type Notice = { text: string; error: boolean } | null;

/** /dms/kontakti: the dealership's contacts; every member adds, edits and deletes them. */
export function ContactsPage({ me }: { me: Me }) {
  const contacts = useSuspenseQuery(dealerContactsQueryOptions()).data;
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<DealerContact | null>(null);
  const [removing, setRemoving] = useState<DealerContact | null>(null);
  const formRef = useRef<HTMLElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: dealerContactsQueryOptions().queryKey });

  return (
    <div className="space-y-5">
      <DmsNav current="contacts" dealershipCode={me.dealership?.code} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{m.dpeople_contacts_title()}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">{m.dpeople_contacts_intro()}</p>
      </div>
      {notice ? (
        <p
          role={notice.error ? "alert" : "status"}
          className={`rounded-lg p-3 text-sm ${notice.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
        >
          {notice.text}
        </p>
      ) : null}
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="contacts-list" className="space-y-3">
          <h2 id="contacts-list" className="sr-only">
            {m.dpeople_contacts_list()}
          </h2>
          {contacts.length === 0 ? (
            <p className="card p-6 text-center text-muted">{m.dpeople_contacts_empty()}</p>
          ) : null}
          <ul className="space-y-3" data-testid="contacts">
            {contacts.map((c) => (
              <li
                key={c.id}
                className={`card flex flex-col gap-3 p-4 sm:flex-row sm:items-start ${editing?.id === c.id ? "ring-2 ring-brand-500" : ""}`}
                data-contact-id={c.id}
              >
                <div className="min-w-0 flex-1 space-y-0.5">
                  <h3 className="font-semibold">
                    {c.name}
                    {c.addToAllPostings ? (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 align-middle text-xs font-medium text-brand-800">
                        {m.dpeople_contact_all_postings_badge()}
                      </span>
                    ) : null}
                  </h3>
                  {c.phone ? (
                    <p className="text-sm">
                      <a
                        className="underline decoration-line underline-offset-2 hover:decoration-ink"
                        href={`tel:${c.phone}`}
                      >
                        {formatPhone(c.phone)}
                      </a>
                    </p>
                  ) : null}
                  {c.email ? (
                    <p className="break-all text-sm">
                      <a
                        className="underline decoration-line underline-offset-2 hover:decoration-ink"
                        href={`mailto:${c.email}`}
                      >
                        {c.email}
                      </a>
                    </p>
                  ) : null}
                  {c.comment ? <p className="text-sm text-muted">{c.comment}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-outline"
                    aria-label={m.dpeople_edit_label({ name: c.name })}
                    onClick={() => {
                      setEditing(c);
                      setNotice(null);
                      // On phones the form is below the list: bring it into view and focus it.
                      window.requestAnimationFrame(() => {
                        formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
                        formRef.current?.querySelector("input")?.focus({ preventScroll: true });
                      });
                    }}
                  >
                    {m.dpeople_edit()}
                  </button>
                  <button
                    type="button"
                    className="btn-ghost text-danger"
                    aria-label={m.dpeople_remove_label({ name: c.name })}
                    onClick={() => setRemoving(c)}
                  >
                    {m.dpeople_remove()}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <ContactForm
          key={editing?.id ?? "new"}
          ref={formRef}
          contact={editing}
          onCancel={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            setNotice({ text: m.dpeople_contact_saved({ name: saved.name }), error: false });
            await refresh();
          }}
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={m.dpeople_remove_contact_title()}
        text={removing ? m.dpeople_remove_contact_text({ name: removing.name }) : ""}
        confirmLabel={m.dpeople_confirm_remove()}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await api.deleteDealerContact(removing.id);
          if (editing?.id === removing.id) setEditing(null);
          setNotice({ text: m.dpeople_contact_removed({ name: removing.name }), error: false });
          await refresh();
        }}
      />
    </div>
  );
}

type ContactValues = { name: string; phone: string; email: string; comment: string; addToAllPostings: boolean };

/** Add or edit a contact: name, phone and/or e-mail, comment, and whether it shows on every posting. */
function ContactForm({
  contact,
  onCancel,
  onSaved,
  ref,
}: {
  contact: DealerContact | null;
  onCancel: () => void;
  onSaved: (c: DealerContact) => Promise<void>;
  ref: Ref<HTMLElement>;
}) {
  const id = useId();
  const empty: ContactValues = { name: "", phone: "", email: "", comment: "", addToAllPostings: false };
  const [values, setValues] = useState<ContactValues>(
    contact
      ? {
          name: contact.name,
          phone: contact.phone ?? "",
          email: contact.email ?? "",
          comment: contact.comment ?? "",
          addToAllPostings: contact.addToAllPostings,
        }
      : empty,
  );
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ContactValues>(k: K, v: ContactValues[K]) => setValues((prev) => ({ ...prev, [k]: v }));
  const describedBy = (name: string, hint?: boolean) =>
    [errors[name] ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null].filter(Boolean).join(" ") ||
    undefined;
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  return (
    <section ref={ref} aria-labelledby={`${id}-title`} className="card scroll-mt-20 p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {contact ? m.dpeople_edit_contact_title() : m.dpeople_add_contact_title()}
      </h2>
      <form
        noValidate
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          const input = { ...values, ...(contact ? { id: contact.id } : {}) };
          const parsed = dealerContactInputSchema.safeParse(input);
          if (!parsed.success) {
            setErrors(zodFieldMessages(parsed.error));
            return;
          }
          setErrors({});
          setBusy(true);
          try {
            const saved = await api.saveDealerContact(input);
            if (!contact) setValues(empty);
            await onSaved(saved);
          } catch (err) {
            const failure = apiFailure(err, m.error_generic());
            setErrors(failure.fields);
            setMessage(failure.message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <div>
          <label className="field-label" htmlFor={`${id}-name`}>
            {m.dpeople_contact_name()}
          </label>
          <input
            id={`${id}-name`}
            className="field-input"
            maxLength={100}
            value={values.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            onChange={(e) => set("name", e.target.value)}
          />
          {error("name")}
        </div>
        <p id={`${id}-phone-hint`} className="text-xs text-muted">
          {m.dpeople_contact_needs_one()}
        </p>
        <div>
          <label className="field-label" htmlFor={`${id}-phone`}>
            {m.dpeople_contact_phone()}
          </label>
          <input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            className="field-input"
            value={values.phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy("phone", true)}
            onChange={(e) => set("phone", e.target.value)}
          />
          {error("phone")}
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-email`}>
            {m.dpeople_contact_email()}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            className="field-input"
            value={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy("email")}
            onChange={(e) => set("email", e.target.value)}
          />
          {error("email")}
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-comment`}>
            {m.dpeople_contact_comment()}
          </label>
          <textarea
            id={`${id}-comment`}
            rows={2}
            maxLength={500}
            className="field-input"
            value={values.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={describedBy("comment")}
            onChange={(e) => set("comment", e.target.value)}
          />
          {error("comment")}
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={values.addToAllPostings}
            onChange={(e) => set("addToAllPostings", e.target.checked)}
          />
          <span>{m.dpeople_contact_all_postings()}</span>
        </label>
        {message ? (
          <p role="alert" className="text-sm text-danger">
            {message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary flex-1" disabled={busy}>
            {contact ? m.dpeople_save() : m.dpeople_add_contact()}
          </button>
          {contact ? (
            <button type="button" className="btn-outline" onClick={onCancel}>
              {m.dpeople_cancel()}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
