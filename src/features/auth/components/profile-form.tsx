import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { appConfig } from "~/app.config";
import type { Me } from "~/domain/user";
import { firstNameSchema, lastNameSchema } from "~/domain/validators";
import { ApiError } from "~/lib/api/client";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { meQueryOptions } from "../auth.queries";

type Props = {
  me: Me;
  /** Registration mode: title and message shown, button "Ustvari profil" (spec: showTitleAndMessage). */
  showTitleAndMessage: boolean;
  /** Terms already accepted: the box is ticked and locked. */
  termsLocked: boolean;
  onSuccess: () => void;
};

/**
 * The registration/profile form: first and last name (more than 1 character), e-mail read-only,
 * optional AMZS number, terms. Submit is enabled only when the names are valid and terms accepted;
 * after saving a success toast shows and 2 seconds later success is signalled.
 */
export function ProfileForm({ me, showTitleAndMessage, termsLocked, onSuccess }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(me.firstName ?? "");
  const [lastName, setLastName] = useState(me.lastName ?? "");
  const [membership, setMembership] = useState(me.amzsMembershipNumber ?? "");
  const [terms, setTerms] = useState(termsLocked);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const firstOk = firstNameSchema.safeParse(firstName).success;
  const lastOk = lastNameSchema.safeParse(lastName).success;
  // Like the original form, the last failing check sets the message.
  const nameError = !lastOk && lastName !== "" ? nameMessage(lastNameSchema, lastName) : !firstOk && firstName !== "" ? nameMessage(firstNameSchema, firstName) : null;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        setBusy(true);
        try {
          const updated = await api.updateMe({ firstName, lastName, email: me.email, amzsMembershipNumber: membership || null });
          if (!updated) throw new Error("empty");
          queryClient.setQueryData(meQueryOptions().queryKey, updated);
          setSaved(true);
          window.setTimeout(onSuccess, appConfig.ui.successToastDelayMs);
        } catch (err) {
          setError(err instanceof ApiError ? err.message : m.error_generic());
          setBusy(false);
        }
      }}
    >
      {showTitleAndMessage ? (
        <div>
          <h1 className="text-2xl font-bold">{m.register_title()}</h1>
          <p className="mt-1 text-muted">{m.register_message()}</p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="field-label" htmlFor={`${id}-first`}>{m.profile_first_name()}</label>
          <input id={`${id}-first`} className="field-input" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} aria-invalid={!firstOk && firstName !== "" ? true : undefined} />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-last`}>{m.profile_last_name()}</label>
          <input id={`${id}-last`} className="field-input" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} aria-invalid={!lastOk && lastName !== "" ? true : undefined} />
        </div>
      </div>
      {nameError ? <p className="text-sm text-danger">{nameError}</p> : null}
      <div>
        <label className="field-label" htmlFor={`${id}-email`}>{m.profile_email()}</label>
        <input id={`${id}-email`} className="field-input bg-surface" value={me.email ?? ""} readOnly />
      </div>
      <div>
        <label className="field-label" htmlFor={`${id}-amzs`}>{m.profile_membership()}</label>
        <input id={`${id}-amzs`} className="field-input" value={membership} onChange={(e) => setMembership(e.target.value)} maxLength={30} aria-describedby={me.amzsMembershipNumber ? `${id}-amzs-state` : undefined} />
        {me.amzsMembershipNumber ? (
          <p id={`${id}-amzs-state`} className={`mt-1 text-sm ${me.amzsMembershipVerified ? "text-brand-800" : "text-muted"}`} data-testid="membership-state">
            {me.amzsMembershipVerified ? m.profile_membership_verified() : m.profile_membership_unverified()}
          </p>
        ) : null}
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={terms} disabled={termsLocked} onChange={(e) => setTerms(e.target.checked)} />
        <span>
          {m.profile_terms()}{" "}
          <a href="/splosni-pogoji" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">{m.profile_terms_link()}</a>
        </span>
      </label>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      {saved ? <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">{m.profile_saved()}</p> : null}
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy || saved || !firstOk || !lastOk || !terms}>
        {showTitleAndMessage ? m.profile_create() : m.profile_update()}
      </button>
    </form>
  );
}

function nameMessage(schema: typeof firstNameSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
