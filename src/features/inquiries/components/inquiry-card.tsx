import type { ReactNode } from "react";
import { useId, useState } from "react";
import { FieldFrame, FormError, SubmitButton } from "~/components/ui/field";
import type { InquiryView } from "~/contracts/inquiries";
import { formatPhone } from "~/domain/phone";
import { m } from "~/paraglide/messages";
import type { ReplyForm } from "../use-reply-inquiry";

const when = (iso: string) =>
  new Intl.DateTimeFormat("sl-SI", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Ljubljana" }).format(
    new Date(iso),
  );

/** One received inquiry: the posting, the buyer's name and message, their address once the seller replied. */
export function InquiryCard({ item, children }: { item: InquiryView; children?: ReactNode }) {
  const isNew = item.status === "NEW";
  return (
    <article className="card space-y-2 p-4" data-testid="inquiry" aria-labelledby={`inquiry-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${isNew ? "bg-accent-500 text-ink" : "bg-surface text-muted"}`}
        >
          {isNew ? m.inquiry_status_new() : m.inquiry_status_answered()}
        </span>
        <time className="text-xs text-muted" dateTime={item.createdAt}>
          {when(item.createdAt)}
        </time>
      </div>
      <h3 id={`inquiry-${item.id}`} className="font-semibold">
        {item.name}
        <span className="font-normal text-muted">
          {" · "}
          <a className="underline" href={`/oglas/${item.posting.postId}`}>
            {item.posting.title}
          </a>{" "}
          ({item.posting.code})
        </span>
      </h3>
      <p className="whitespace-pre-line text-sm">{item.message}</p>
      {item.contact ? (
        <p className="flex flex-wrap gap-x-3 text-sm" data-testid="inquiry-contact">
          {item.contact.email ? (
            <a className="break-all text-brand-700 underline" href={`mailto:${item.contact.email}`}>
              {item.contact.email}
            </a>
          ) : null}
          {item.contact.phone ? (
            <a className="text-brand-700 underline" href={`tel:${item.contact.phone}`}>
              {formatPhone(item.contact.phone)}
            </a>
          ) : null}
        </p>
      ) : (
        <p className="text-xs text-muted">
          {item.reachableBy === "email" ? m.inquiry_contact_hidden_email() : m.inquiry_contact_hidden_phone()}
        </p>
      )}
      {item.reply ? (
        <div className="rounded-lg bg-surface p-3 text-sm">
          <p className="font-medium">{m.inquiry_your_reply()}</p>
          <p className="whitespace-pre-line">{item.reply}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}

/** The seller's answer to one inquiry (from the list or the e-mailed link). */
export function ReplyBox({ form }: { form: ReplyForm }) {
  const id = useId();
  const [message, setMessage] = useState("");
  return (
    <form
      ref={form.formRef}
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit({ message });
      }}
    >
      <FieldFrame id={`${id}-reply`} label={m.inquiry_reply_label()} error={form.fieldErrors.message}>
        {(aria) => (
          <textarea
            {...aria}
            name="message"
            rows={3}
            className="field-input aria-invalid:border-danger"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </FieldFrame>
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy}>{m.inquiry_reply()}</SubmitButton>
    </form>
  );
}
