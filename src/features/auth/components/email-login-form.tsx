import { useId, useState } from "react";
import { emailSchema } from "~/domain/validators";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";

/** E-mail link sign-in: address → confirmation with resend (the server throttles per address). */
export function EmailLoginForm({
  redirectUrl,
  devMailbox,
  initialEmail,
}: {
  redirectUrl: string;
  devMailbox: boolean;
  initialEmail?: string | null;
}) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail ?? "");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(address: string, again = false) {
    setError(null);
    setNotice(null);
    const parsed = emailSchema.safeParse(address);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? m.error_generic());
      return;
    }
    setBusy(true);
    try {
      await api.requestEmailLogin({ email: parsed.data, redirectUrl });
      setSentTo(parsed.data);
      if (again) setNotice(m.login_resent());
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : m.error_generic());
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="space-y-4" role="status">
        <h2 className="text-xl font-semibold">{m.login_sent_heading()}</h2>
        <p className="text-muted">{m.login_sent_text({ email: sentTo })}</p>
        {notice ? <p className="text-sm text-brand-700">{notice}</p> : null}
        {error ? <p className="text-sm text-danger">{error}</p> : null}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline" disabled={busy} onClick={() => void send(sentTo, true)}>
            {m.login_resend()}
          </button>
          <button type="button" className="btn-ghost" onClick={() => setSentTo(null)}>
            {m.login_other_email()}
          </button>
        </div>
        {devMailbox ? (
          <p className="rounded-lg bg-accent-500/15 p-3 text-sm">
            {m.login_dev_hint()}{" "}
            <a href="/dev/posta" className="font-semibold underline">
              {m.login_dev_link()}
            </a>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send(email);
      }}
    >
      <p className="text-muted">{m.login_intro()}</p>
      <div>
        <label className="field-label" htmlFor={`${id}-email`}>
          {m.login_email()}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          className="field-input"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
        {m.login_submit()}
      </button>
    </form>
  );
}
