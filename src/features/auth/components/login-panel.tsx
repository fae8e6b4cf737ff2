import { useId } from "react";
import { api } from "~/client/api";
import { m } from "~/paraglide/messages";
import type { LoginReason } from "../login-reason";
import type { RuntimeFlags } from "../runtime.functions";
import { EmailLoginForm } from "./email-login-form";
import { PhoneLoginForm } from "./phone-login-form";
import { isSocialProviderId } from "~/domain/social";
import { SocialButtons, socialLabel, socialName } from "./social-buttons";

/** The login: e-mail link first, then the social providers on offer, then the legacy phone PIN. */
export function LoginPanel({
  flags,
  redirectUrl,
  reason,
  email,
  provider,
}: {
  flags: RuntimeFlags;
  redirectUrl: string;
  reason: LoginReason;
  email?: string | null;
  /** The provider that supplied no e-mail (reason=noemail). */
  provider?: string | null;
}) {
  const id = useId();
  const linkProvider = reason === "link" && provider && isSocialProviderId(provider) ? provider : null;
  const retry = reason === "noemail" ? flags.socialProviders.find((p) => p.id === provider) : undefined;
  const message =
    reason === "noemail"
      ? m.login_reason_noemail()
      : reason === "duplicate"
        ? m.login_reason_duplicate()
        : reason === "confirm"
          ? m.login_reason_confirm({ email: email ?? "" })
          : reason === "link"
            ? m.login_reason_link({ email: email ?? "", provider: linkProvider ? socialName[linkProvider]() : "" })
            : reason === "failed"
              ? m.login_failed()
              : null;
  return (
    <div className="space-y-5">
      {message ? (
        <p
          className={`rounded-lg p-3 text-sm ${reason === "confirm" || reason === "link" ? "bg-brand-50 text-brand-800" : "bg-danger/10 text-danger"}`}
          role={reason === "confirm" || reason === "link" ? "status" : "alert"}
        >
          {message}
        </p>
      ) : null}
      {retry ? (
        // A plain GET form: the address goes along to the provider and is confirmed by a link afterwards.
        <form
          method="get"
          action={api.social.login[":provider"].redirect.$url({ param: { provider: retry.id }, query: {} }).pathname}
          className="space-y-2"
        >
          <input type="hidden" name="redirectUrl" value={redirectUrl} />
          <label className="field-label" htmlFor={`${id}-social-email`}>
            {m.login_social_email_label()}
          </label>
          <input
            id={`${id}-social-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            className="field-input"
          />
          <button type="submit" className="btn-primary w-full py-2.5">
            {socialLabel[retry.id]()}
          </button>
        </form>
      ) : null}
      <EmailLoginForm
        redirectUrl={redirectUrl}
        devMailbox={flags.devOutbox}
        initialEmail={reason === "link" ? email : null}
      />
      {flags.socialProviders.length > 0 ? (
        <>
          <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
            {m.login_or()}
          </p>
          <SocialButtons providers={flags.socialProviders} redirectUrl={redirectUrl} />
        </>
      ) : null}
      <details className="border-t border-line pt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{m.phone_login_toggle()}</summary>
        <div className="mt-4">
          <PhoneLoginForm redirectUrl={redirectUrl} />
        </div>
      </details>
    </div>
  );
}
