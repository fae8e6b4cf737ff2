import { useEffect, useId, useRef, useState } from "react";
import { appConfig } from "~/app.config";
import type { Me } from "~/domain/user";
import { firstNameSchema, lastNameSchema } from "~/domain/validators";
import { Field, FieldFrame } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { useUpdateProfile } from "../use-update-profile";

type Props = {
  me: Me;
  /** Registration mode: title and message shown, button "Ustvari profil" (spec: showTitleAndMessage). */
  showTitleAndMessage: boolean;
  /** Terms already accepted: the box is ticked and locked. */
  termsLocked: boolean;
  /** Signalled 2 s after a successful save, once the toast has been seen (spec section 4). */
  onSuccess: () => void;
  /** Signalled by the cancel control (spec section 4: "cancel signals cancel"). */
  onCancel: () => void;
};

/**
 * The registration/profile form: first and last name (more than 1 character), e-mail read-only,
 * optional AMZS number, terms. Submit is enabled only when the names are valid and terms accepted;
 * after saving a success toast shows and 2 seconds later success is signalled, and the form is usable
 * again for the next edit (decision 043). The cancel control signals cancel.
 */
export function ProfileForm({ me, showTitleAndMessage, termsLocked, onSuccess, onCancel }: Props) {
  const id = useId();
  const [firstName, setFirstName] = useState(me.firstName ?? "");
  const [lastName, setLastName] = useState(me.lastName ?? "");
  const [membership, setMembership] = useState(me.amzsMembershipNumber ?? "");
  const [terms, setTerms] = useState(termsLocked);
  const [saved, setSaved] = useState(false);
  // The host's callback of the latest render, and the pending 2-second timer (cleared on unmount).
  const signalSuccess = useRef(onSuccess);
  signalSuccess.current = onSuccess;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const save = useUpdateProfile(() => {
    setSaved(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSaved(false);
      signalSuccess.current();
    }, appConfig.ui.successToastDelayMs);
  });
  const { busy, fieldErrors, formError: error } = save;
  const firstOk = firstNameSchema.safeParse(firstName).success;
  const lastOk = lastNameSchema.safeParse(lastName).success;
  // Like the original form, the last failing check sets the message.
  const nameError =
    !lastOk && lastName !== ""
      ? nameMessage(lastNameSchema, lastName)
      : !firstOk && firstName !== ""
        ? nameMessage(firstNameSchema, firstName)
        : null;

  return (
    <form
      ref={save.formRef}
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save.submit({ firstName, lastName, email: me.email, amzsMembershipNumber: membership || null });
      }}
    >
      {showTitleAndMessage ? (
        <div>
          <h1 className="text-2xl font-bold">{m.register_title()}</h1>
          <p className="mt-1 text-muted">{m.register_message()}</p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame id={`${id}-first`} label={m.profile_first_name()}>
          {(aria) => (
            <input
              {...aria}
              className="field-input"
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              aria-invalid={(!firstOk && firstName !== "") || fieldErrors.firstName ? true : undefined}
            />
          )}
        </FieldFrame>
        <FieldFrame id={`${id}-last`} label={m.profile_last_name()}>
          {(aria) => (
            <input
              {...aria}
              className="field-input"
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              aria-invalid={(!lastOk && lastName !== "") || fieldErrors.lastName ? true : undefined}
            />
          )}
        </FieldFrame>
      </div>
      {nameError ? <p className="text-sm text-danger">{nameError}</p> : null}
      <Field id={`${id}-email`} label={m.profile_email()} value={me.email ?? ""} onChange={() => undefined} readOnly />
      <Field
        id={`${id}-amzs`}
        label={m.profile_membership()}
        value={membership}
        onChange={setMembership}
        maxLength={30}
        error={fieldErrors.amzsMembershipNumber}
        hint={
          me.amzsMembershipNumber ? (
            <span
              className={`text-sm ${me.amzsMembershipVerified ? "text-brand-800" : "text-muted"}`}
              data-testid="membership-state"
            >
              {me.amzsMembershipVerified ? m.profile_membership_verified() : m.profile_membership_unverified()}
            </span>
          ) : null
        }
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-600"
          checked={terms}
          disabled={termsLocked}
          onChange={(e) => setTerms(e.target.checked)}
        />
        <span>
          {m.profile_terms()}{" "}
          <a href="/splosni-pogoji" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
            {m.profile_terms_link()}
          </a>
        </span>
      </label>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {/* The success toast: fixed above the page, announced politely, gone when success is signalled. */}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 desk:bottom-6"
      >
        {saved ? (
          <p
            className="rounded-lg bg-brand-800 px-4 py-3 text-sm font-medium text-white shadow-lg"
            data-testid="profile-toast"
          >
            {m.profile_saved()}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className="btn-outline py-2.5 sm:w-40" disabled={saved} onClick={() => onCancel()}>
          {m.profile_cancel()}
        </button>
        <button
          type="submit"
          className="btn-primary flex-1 py-2.5"
          disabled={busy || saved || !firstOk || !lastOk || !terms}
        >
          {showTitleAndMessage ? m.profile_create() : m.profile_update()}
        </button>
      </div>
    </form>
  );
}

function nameMessage(schema: typeof firstNameSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
