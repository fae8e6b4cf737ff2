import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { FieldFrame, FormError, SubmitButton } from "~/components/ui/field";
import { useMe } from "~/client/use-session";
import { inquiryChoiceLabels, inquiryChoices, inquiryLimits, toggleChoiceInMessage } from "~/domain/inquiry";
import { m } from "~/paraglide/messages";
import { inquiryCaptchaQueryOptions } from "../inquiries.queries";
import { useSendInquiry } from "../use-send-inquiry";

/** `?povprasevanje=` after a form sent without scripts (src/api/routes/postings/inquiries.ts). */
const outcomes: Record<string, () => string> = {
  manjka: m.inquiry_outcome_missing,
  napaka: m.inquiry_outcome_failed,
};

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

/**
 * The buyer's message to the seller under the seller section (`#povprasevanje`, the target of every
 * "Pošlji sporočilo"). A real form post until it is hydrated (the server answers 303 back here), then sent
 * in place. Uncontrolled fields, so what was typed before hydration stays. Loaded through
 * `DeferredInquiryForm`, which hydrates it when the buyer first touches it.
 */
export function InquiryForm({
  code,
  postId,
  sold,
  own,
}: {
  code: string;
  postId: number;
  sold: boolean;
  own: boolean;
}) {
  const me = useMe();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const message = useRef<HTMLTextAreaElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const form = useSendInquiry(code, () => {
    setSent(true);
    form.formRef.current?.reset();
  });
  const captcha = useQuery({ ...inquiryCaptchaQueryOptions(), enabled: false }).data;
  const outcome = useRouterState({
    select: (s) => String((s.location.search as Record<string, unknown>).povprasevanje ?? ""),
  });
  useEffect(() => {
    setHydrated(true);
    // Chips ticked before this was hydrated: their questions join the message now.
    const form = message.current?.form;
    if (!form || !message.current) return;
    for (const c of inquiryChoices)
      if ((form.elements.namedItem(`choice-${c}`) as HTMLInputElement | null)?.checked)
        message.current.value = toggleChoiceInMessage(message.current.value, c, true);
  }, []);
  // Sent: the fields are empty again and the confirmation is above them, where the buyer may have scrolled past
  // it to reach the button (session 26): the focus goes to it, which brings it on the screen and reads it out.
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  const fromUrl = sent ? null : (outcomes[outcome]?.() ?? null);
  const name = me ? [me.firstName, me.lastName].filter(Boolean).join(" ") : "";
  const error = (field: string) => form.fieldErrors[field] ?? null;

  return (
    <section id="povprasevanje" aria-labelledby="inquiry-title" className="card scroll-mt-4 space-y-3 p-4">
      <h2 id="inquiry-title" className="text-lg font-semibold">
        {m.inquiry_title()}
      </h2>
      {sold || own ? (
        <p className="text-sm text-muted">{sold ? m.inquiry_sold() : m.inquiry_own()}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{m.inquiry_privacy()}</p>
          {sent || outcome === "poslano" ? (
            <p
              ref={confirmation}
              tabIndex={-1}
              role="status"
              className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-800"
            >
              {m.inquiry_sent()}
            </p>
          ) : fromUrl ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-danger">
              {fromUrl}
            </p>
          ) : null}
          <form
            ref={form.formRef}
            method="post"
            action={`/internal-api/v1/postings/${encodeURIComponent(code)}/inquiries/form`}
            noValidate={hydrated}
            className="space-y-3"
            onFocus={() => void queryClient.prefetchQuery(inquiryCaptchaQueryOptions())}
            onSubmit={(e) => {
              e.preventDefault();
              setSent(false);
              const data = new FormData(e.currentTarget);
              void form.submit({
                name: text(data, "name"),
                email: text(data, "email"),
                phone: text(data, "phone"),
                message: text(data, "message"),
                choices: inquiryChoices.filter((c) => data.getAll("choices").includes(c)),
              });
            }}
          >
            <input type="hidden" name="postId" value={postId} />
            <fieldset>
              <legend className="field-label">{m.inquiry_quick()}</legend>
              <div className="flex flex-wrap gap-2">
                {inquiryChoices.map((c) => (
                  <label
                    key={c}
                    className="relative cursor-pointer rounded-full border border-line px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2"
                  >
                    <input
                      type="checkbox"
                      id={`choice-${c}`}
                      name="choices"
                      value={c}
                      // Over the whole chip, unseen: a focus moved by the keyboard scrolls the chip into view, not a
                      // 1 px box at its corner (session 26).
                      className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                      onChange={(e) => {
                        if (message.current)
                          message.current.value = toggleChoiceInMessage(message.current.value, c, e.target.checked);
                      }}
                    />
                    {inquiryChoiceLabels[c]}
                  </label>
                ))}
              </div>
            </fieldset>
            <FieldFrame id="inquiry-name" label={m.inquiry_name()} error={error("name")} required>
              {(aria) => (
                <input
                  {...aria}
                  name="name"
                  className="field-input aria-invalid:border-danger"
                  autoComplete="name"
                  maxLength={inquiryLimits.nameMax}
                  required
                  defaultValue={name}
                />
              )}
            </FieldFrame>
            <div className="grid gap-3 sm:grid-cols-2 desk:grid-cols-1">
              <FieldFrame
                id="inquiry-email"
                label={m.inquiry_email()}
                error={error("email")}
                hint={m.inquiry_contact_hint()}
              >
                {(aria) => (
                  <input
                    {...aria}
                    name="email"
                    type="email"
                    className="field-input aria-invalid:border-danger"
                    autoComplete="email"
                    defaultValue={me?.email ?? ""}
                  />
                )}
              </FieldFrame>
              <FieldFrame id="inquiry-phone" label={m.inquiry_phone()} error={error("phone")}>
                {(aria) => (
                  <input
                    {...aria}
                    name="phone"
                    type="tel"
                    inputMode="tel"
                    className="field-input aria-invalid:border-danger"
                    autoComplete="tel"
                  />
                )}
              </FieldFrame>
            </div>
            <FieldFrame id="inquiry-message" label={m.inquiry_message()} error={error("message")}>
              {(aria) => (
                <textarea
                  {...aria}
                  ref={message}
                  name="message"
                  rows={4}
                  className="field-input aria-invalid:border-danger"
                  maxLength={inquiryLimits.messageMax}
                />
              )}
            </FieldFrame>
            <FormError message={form.formError} />
            {captcha?.provider === "local" ? <p className="text-xs text-muted">{m.inquiry_captcha_local()}</p> : null}
            <SubmitButton busy={form.busy} busyLabel={m.inquiry_sending()} className="btn-primary w-full">
              {m.inquiry_send()}
            </SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
