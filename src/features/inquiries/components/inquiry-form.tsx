import { useRouterState } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useMe } from "~/client/use-session";
import { inquiryChoiceLabels, inquiryChoices, inquiryLimits, toggleChoiceInMessage } from "~/domain/inquiry";
import { m } from "~/paraglide/messages";
import type { InquiryFormState } from "./inquiry-form-controller";

// What sends the form in place loads when the buyer first touches it: the posting page stays within its
// JavaScript budget (e2e/page-weight.spec.ts), and until then the form is a plain form post.
const Controller = lazy(() =>
  import("./inquiry-form-controller").then((mod) => ({ default: mod.InquiryFormController })),
);

const idle: InquiryFormState = { fieldErrors: {}, formError: null, busy: false };

/** A label, a control and its error, in the markup of the Field set (src/components/ui/field.tsx). */
function Labelled({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const input = "field-input aria-invalid:border-danger";

/**
 * The buyer's message to the seller under the seller section (`#povprasevanje`, the target of every
 * "Pošlji sporočilo"). A real form post before the page's scripts run (the server answers 303 back here with
 * `?povprasevanje=`), sent in place once its controller has loaded. Uncontrolled fields: what was typed
 * before hydration stays.
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
  // A signed-in buyer's name and address are filled in.
  const me = useMe();
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState(idle);
  const [sent, setSent] = useState(false);
  const [awake, setAwake] = useState(false);
  const outcome = useRouterState({
    select: (s) => String((s.location.search as Record<string, unknown>).povprasevanje ?? ""),
  });
  const wake = () => setAwake(true);
  const error = (field: string) => state.fieldErrors[field];
  const failed =
    outcome === "manjka" ? m.inquiry_outcome_missing() : outcome === "napaka" ? m.inquiry_outcome_failed() : null;

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
          {sent || (outcome === "poslano" && !state.busy) ? (
            <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-800">
              {m.inquiry_sent()}
            </p>
          ) : null}
          {failed && !awake ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-danger">
              {failed}
            </p>
          ) : null}
          <form
            ref={form}
            method="post"
            action={`/internal-api/v1/postings/${encodeURIComponent(code)}/inquiries/form`}
            className="space-y-3"
            onFocus={wake}
            onPointerDown={wake}
          >
            <input type="hidden" name="postId" value={postId} />
            <fieldset>
              <legend className="field-label">{m.inquiry_quick()}</legend>
              <div className="flex flex-wrap gap-2">
                {inquiryChoices.map((c) => (
                  <label
                    key={c}
                    className="cursor-pointer rounded-full border border-line px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2"
                  >
                    <input
                      type="checkbox"
                      name="choices"
                      value={c}
                      className="sr-only"
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
            <Labelled id="inquiry-name" label={m.inquiry_name()} error={error("name")}>
              {(aria) => (
                <input
                  {...aria}
                  name="name"
                  className={input}
                  autoComplete="name"
                  maxLength={inquiryLimits.nameMax}
                  required
                  defaultValue={me ? [me.firstName, me.lastName].filter(Boolean).join(" ") : ""}
                />
              )}
            </Labelled>
            <Labelled
              id="inquiry-email"
              label={m.inquiry_email()}
              hint={m.inquiry_contact_hint()}
              error={error("email")}
            >
              {(aria) => (
                <input
                  {...aria}
                  name="email"
                  type="email"
                  className={input}
                  autoComplete="email"
                  defaultValue={me?.email ?? ""}
                />
              )}
            </Labelled>
            <Labelled id="inquiry-phone" label={m.inquiry_phone()} error={error("phone")}>
              {(aria) => <input {...aria} name="phone" type="tel" className={input} autoComplete="tel" />}
            </Labelled>
            <Labelled id="inquiry-message" label={m.inquiry_message()} error={error("message")}>
              {(aria) => (
                <textarea
                  {...aria}
                  ref={message}
                  name="message"
                  rows={4}
                  className={input}
                  maxLength={inquiryLimits.messageMax}
                />
              )}
            </Labelled>
            {state.formError ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-danger">
                {state.formError}
              </p>
            ) : null}
            {awake ? (
              <Suspense fallback={null}>
                <Controller
                  code={code}
                  form={form}
                  onState={setState}
                  onSending={() => setSent(false)}
                  onSent={() => {
                    setSent(true);
                    form.current?.reset();
                  }}
                />
              </Suspense>
            ) : null}
            <button
              type="submit"
              className="btn-primary w-full"
              disabled={state.busy}
              aria-busy={state.busy || undefined}
            >
              {state.busy ? m.inquiry_sending() : m.inquiry_send()}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
