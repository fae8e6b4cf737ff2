import { useId, useRef, useState } from "react";
import { Field } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { useRequestEmailLogin } from "../use-request-email-login";

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
  const [notice, setNotice] = useState<string | null>(null);
  const resending = useRef(false);
  const request = useRequestEmailLogin((address) => {
    setSentTo(address);
    if (resending.current) setNotice(m.login_resent());
  });
  // One message: the address's own (from the schema or the server), else the form's.
  const error = request.fieldErrors.email ?? request.formError;
  const busy = request.busy;

  function send(address: string, again = false) {
    setNotice(null);
    resending.current = again;
    return request.submit({ email: address, redirectUrl });
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
      ref={request.formRef}
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send(email);
      }}
    >
      <p className="text-muted">{m.login_intro()}</p>
      <Field
        id={`${id}-email`}
        label={m.login_email()}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        error={error}
      />
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
        {m.login_submit()}
      </button>
    </form>
  );
}
