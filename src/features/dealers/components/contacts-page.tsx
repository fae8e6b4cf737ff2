import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { formatPhone } from "~/domain/phone";
import { type Ref, useId, useRef, useState } from "react";
import type { DealerContact } from "~/domain/dealer-people";
import type { Me } from "~/domain/user";
import { Form } from "~/components/ui/form";
import { m } from "~/paraglide/messages";
import { dealerContactsQueryOptions } from "../people.queries";
import { useDeleteContact } from "../use-delete-contact";
import { useSaveContact } from "../use-save-contact";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Checkbox, Field, FormError, SubmitButton, TextArea } from "~/components/ui/field";
import type { NoticeMessage } from "~/components/ui/notice";
import { ContactLink, PeoplePageLayout } from "./people-page-layout";

/** /dms/kontakti: the dealership's contacts; every member adds, edits and deletes them. */
export function ContactsPage({ me }: { me: Me }) {
  const contacts = useSuspenseQuery(dealerContactsQueryOptions()).data;
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [editing, setEditing] = useState<DealerContact | null>(null);
  const [removing, setRemoving] = useState<DealerContact | null>(null);
  const formRef = useRef<HTMLElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: dealerContactsQueryOptions().queryKey });
  const remove = useDeleteContact((removed) => {
    setRemoving(null);
    if (editing?.id === removed.id) setEditing(null);
    setNotice({ text: m.dpeople_contact_removed({ name: removed.name }), error: false });
  });

  return (
    <PeoplePageLayout
      current="contacts"
      dealershipCode={me.dealership?.code}
      title={m.dpeople_contacts_title()}
      intro={m.dpeople_contacts_intro()}
      notice={notice}
      listId="contacts-list"
      listLabel={m.dpeople_contacts_list()}
      empty={contacts.length === 0 ? m.dpeople_contacts_empty() : null}
      gridClass="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]"
      form={
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
      }
      dialog={
        <ConfirmDialog
          title={m.dpeople_remove_contact_title()}
          question={removing ? m.dpeople_remove_contact_text({ name: removing.name }) : null}
          confirmLabel={m.dpeople_confirm_remove()}
          write={remove}
          onClose={() => setRemoving(null)}
          onConfirm={() => removing && void remove.submit(removing)}
        />
      }
    >
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
                  <ContactLink href={`tel:${c.phone}`}>{formatPhone(c.phone)}</ContactLink>
                </p>
              ) : null}
              {c.email ? (
                <p className="break-all text-sm">
                  <ContactLink href={`mailto:${c.email}`}>{c.email}</ContactLink>
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
    </PeoplePageLayout>
  );
}

type ContactValues = { name: string; phone: string; email: string; comment: string; addToAllPostings: boolean };
const empty: ContactValues = { name: "", phone: "", email: "", comment: "", addToAllPostings: false };

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
  const form = useSaveContact(async (saved) => {
    if (!contact) setValues(empty);
    await onSaved(saved);
  });
  const set = <K extends keyof ContactValues>(k: K, v: ContactValues[K]) => setValues((prev) => ({ ...prev, [k]: v }));
  const text = (name: "name" | "phone" | "email") => ({
    id: `${id}-${name}`,
    value: values[name],
    error: form.fieldErrors[name],
    onChange: (v: string) => set(name, v),
  });

  return (
    <section ref={ref} aria-labelledby={`${id}-title`} className="card scroll-mt-4 p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {contact ? m.dpeople_edit_contact_title() : m.dpeople_add_contact_title()}
      </h2>
      <Form form={form} className="space-y-3" input={() => ({ ...values, ...(contact ? { id: contact.id } : {}) })}>
        <Field {...text("name")} label={m.dpeople_contact_name()} maxLength={100} />
        <Field
          {...text("phone")}
          label={m.dpeople_contact_phone()}
          hint={m.dpeople_contact_needs_one()}
          type="tel"
          inputMode="tel"
          autoComplete="off"
        />
        <Field {...text("email")} label={m.dpeople_contact_email()} type="email" autoComplete="off" />
        <TextArea
          id={`${id}-comment`}
          label={m.dpeople_contact_comment()}
          rows={2}
          maxLength={500}
          value={values.comment}
          error={form.fieldErrors.comment}
          onChange={(v) => set("comment", v)}
        />
        <Checkbox
          id={`${id}-all`}
          label={m.dpeople_contact_all_postings()}
          checked={values.addToAllPostings}
          onChange={(v) => set("addToAllPostings", v)}
        />
        <FormError message={form.formError} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={form.busy} className="btn-primary flex-1">
            {contact ? m.dpeople_save() : m.dpeople_add_contact()}
          </SubmitButton>
          {contact ? (
            <button type="button" className="btn-outline" onClick={onCancel}>
              {m.dpeople_cancel()}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
