import { formatPhone } from "~/domain/phone";
import { Link, useNavigate } from "@tanstack/react-router";
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { appConfig } from "~/app.config";
import { FieldFrame, FormError, SubmitButton } from "~/components/ui/field";
import { toSlovenianMobile, validationMessages } from "~/domain/validators";
import { m } from "~/paraglide/messages";
import {
  type DealerSignupField,
  dealerSignupFields,
  dealerSignupMessages,
  extractAccept,
} from "~/contracts/dealer-signup";
import { checkDealerSignup, type DealerSignupErrors, useSubmitDealerSignup } from "../use-submit-dealer-signup";
import { useSendDealerSignupPin } from "../use-send-dealer-signup-pin";

type TextField = Exclude<DealerSignupField, "businessRegistryExtract">;

const emptyValues: Record<TextField, string> = {
  companyName: "",
  taxNumber: "",
  registrationNumber: "",
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  pin: "",
};
const maxMegabytes = String(Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024)));

/**
 * Dealer registration (`/trgovec/registracija`): company and responsible person, the password sent
 * by SMS to the mobile number, and the business register extract. After sending, the page says that
 * the provider checks the request and e-mails the access data, then goes home.
 */
export function DealerSignupPage() {
  const [done, setDone] = useState<{ company: string; email: string } | null>(null);
  return (
    <div className="mx-auto max-w-2xl">
      {done ? <SignupDone company={done.company} email={done.email} /> : <SignupForm onDone={setDone} />}
    </div>
  );
}

function SignupForm({ onDone }: { onDone: (done: { company: string; email: string }) => void }) {
  const id = useId();
  const [values, setValues] = useState(emptyValues);
  const [file, setFile] = useState<File | null>(null);
  const form = useSubmitDealerSignup(onDone);
  const errors: DealerSignupErrors = form.fieldErrors;
  // After the first attempt, fields are re-checked as they change (so fixed ones clear at once).
  const [attempted, setAttempted] = useState(false);
  const pin = useSendDealerSignupPin();
  // Before hydration the browser would submit the form itself (a GET with the password in the URL).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const fieldId = (f: DealerSignupField) => `${id}-${f}`;

  function update(next: Record<TextField, string>, nextFile: File | null, changed: DealerSignupField) {
    if (!attempted) return;
    const fresh = checkDealerSignup(next, nextFile);
    // A server-side message (e.g. a wrong password) stays until its own field changes.
    const merged: DealerSignupErrors = {};
    for (const f of dealerSignupFields) {
      const message = fresh[f] ?? (f !== changed ? errors[f] : undefined);
      if (message) merged[f] = message;
    }
    form.setFieldErrors(merged);
    if (Object.keys(merged).length === 0) form.setFormError(null);
  }

  const set = (f: TextField) => (e: { target: { value: string } }) => {
    const next = { ...values, [f]: e.target.value };
    setValues(next);
    update(next, file, f);
  };

  function sendPin() {
    const canonical = toSlovenianMobile(values.phoneNumber);
    const { phoneNumber: _cleared, ...rest } = errors;
    if (!canonical) {
      form.setFieldErrors({
        ...rest,
        phoneNumber: values.phoneNumber.trim()
          ? validationMessages.slovenianMobileOnly
          : dealerSignupMessages.phoneRequired,
      });
      return;
    }
    form.setFieldErrors(rest);
    void pin.send(canonical);
  }

  const text = (
    f: TextField,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
    after?: ReactNode,
  ) => (
    <FieldFrame id={fieldId(f)} label={label} error={errors[f]} hint={hint}>
      {(aria) => (
        <div className={after ? "flex items-start gap-2" : undefined}>
          <input
            {...aria}
            name={f}
            className={`field-input aria-invalid:border-danger ${after ? "min-w-0 flex-1" : ""}`}
            value={values[f]}
            onChange={set(f)}
            aria-required
            {...props}
          />
          {after}
        </div>
      )}
    </FieldFrame>
  );

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setAttempted(true);
        void form.save(values, file);
      }}
      className="card space-y-6 p-5 sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <div>
        <h1 id={`${id}-title`} className="text-2xl font-bold">
          {m.dreg_title()}
        </h1>
        <p className="mt-2 text-muted">{m.dreg_intro()}</p>
        <p className="mt-1 text-sm text-muted">{m.dreg_required_note()}</p>
      </div>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-lg font-semibold">{m.dreg_section_company()}</legend>
        {text("companyName", m.dreg_company_name(), { autoComplete: "organization", maxLength: 200 })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text(
            "taxNumber",
            m.dreg_tax_number(),
            { inputMode: "numeric", autoComplete: "off", maxLength: 20 },
            m.dreg_tax_number_hint(),
          )}
          {text(
            "registrationNumber",
            m.dreg_registration_number(),
            { inputMode: "numeric", autoComplete: "off", maxLength: 20 },
            m.dreg_registration_number_hint(),
          )}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-lg font-semibold">{m.dreg_section_person()}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", m.dreg_first_name(), { autoComplete: "given-name", maxLength: 60 })}
          {text("lastName", m.dreg_last_name(), { autoComplete: "family-name", maxLength: 60 })}
        </div>
        {text("email", m.dreg_email(), { type: "email", autoComplete: "email", maxLength: 254 }, m.dreg_email_hint())}
        {text(
          "phoneNumber",
          m.dreg_phone(),
          { type: "tel", autoComplete: "tel", placeholder: "041 123 456", maxLength: 30 },
          undefined,
          <button type="button" className="btn-outline shrink-0" onClick={sendPin} disabled={pin.sending || !ready}>
            {pin.sending ? m.dreg_sending_pin() : pin.sentTo ? m.dreg_send_pin_again() : m.dreg_send_pin()}
          </button>,
        )}
        <div aria-live="polite">
          {pin.sentTo ? (
            <p className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
              {m.dreg_pin_sent({ number: formatPhone(pin.sentTo) })}
            </p>
          ) : null}
          {pin.error ? <p className="text-sm text-danger">{pin.error}</p> : null}
        </div>
        {text(
          "pin",
          m.dreg_pin(),
          {
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: 5,
            className: "field-input max-w-40 font-mono tracking-widest aria-invalid:border-danger",
          },
          m.dreg_pin_hint(),
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-3 text-lg font-semibold">{m.dreg_section_extract()}</legend>
        <FieldFrame
          id={fieldId("businessRegistryExtract")}
          label={m.dreg_extract()}
          error={errors.businessRegistryExtract}
          hint={m.dreg_extract_hint({ max: maxMegabytes })}
        >
          {(aria) => (
            <input
              {...aria}
              name="businessRegistryExtract"
              type="file"
              accept={extractAccept}
              className="block w-full rounded-lg border border-line bg-white text-sm text-ink aria-invalid:border-danger file:mr-3 file:border-0 file:border-r file:border-line file:bg-surface file:px-4 file:py-2 file:font-semibold"
              aria-required
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                update(values, chosen, "businessRegistryExtract");
              }}
            />
          )}
        </FieldFrame>
      </fieldset>

      <FormError message={form.formError} />
      <SubmitButton
        busy={form.busy}
        busyLabel={m.dreg_submitting()}
        disabled={!ready}
        className="btn-primary w-full py-2.5 sm:w-auto"
      >
        {m.dreg_submit()}
      </SubmitButton>
    </form>
  );
}

/** The confirmation: what happens next, then home after a few seconds (or at once by the link). */
function SignupDone({ company, email }: { company: string; email: string }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const [seconds, setSeconds] = useState<number>(appConfig.ui.dealerSignupRedirectSeconds);

  useEffect(() => {
    ref.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  useEffect(() => {
    if (seconds <= 0) {
      void navigate({ to: "/" });
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, navigate]);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="card space-y-4 p-6 outline-none"
      data-testid="dealer-signup-done"
    >
      <h1 className="text-2xl font-bold">{m.dreg_done_title()}</h1>
      <p>{m.dreg_done_text({ company, email })}</p>
      <p className="text-sm text-muted">{m.dreg_done_redirect({ seconds: String(Math.max(seconds, 0)) })}</p>
      <Link to="/" className="btn-primary">
        {m.dreg_done_go_now()}
      </Link>
    </div>
  );
}
