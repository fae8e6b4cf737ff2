import { useEffect, useState } from "react";
import { m } from "~/paraglide/messages";

const homeAfterSeconds = 10;

/** /oauth/error: the request was cancelled or timed out (spec section 8); home after a short countdown, or at once by the link. */
export function ConsentExpiredNotice() {
  const [left, setLeft] = useState(homeAfterSeconds);
  useEffect(() => {
    if (left <= 0) {
      window.location.assign("/");
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return (
    <div className="card mx-auto max-w-xl space-y-4 p-6">
      <h1 className="text-2xl font-bold tracking-tight">{m.partners_error_title()}</h1>
      <p role="alert">{m.partners_error_text()}</p>
      <p className="text-sm text-muted">{m.partners_error_redirect({ seconds: String(left) })}</p>
      <a href="/" className="btn-primary">
        {m.partners_error_home()}
      </a>
    </div>
  );
}

/** /oauth/notification: the result of a consent already given. */
export function ConsentAllowedNotice({ partner }: { partner: string }) {
  return (
    <div className="card mx-auto max-w-xl space-y-4 p-6">
      <h1 className="text-2xl font-bold tracking-tight">{m.partners_notification_title()}</h1>
      <p role="status">{m.partners_notification_allowed({ partner })}</p>
      <a href="/" className="btn-outline">
        {m.partners_notification_home()}
      </a>
    </div>
  );
}
