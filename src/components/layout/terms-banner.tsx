import { useEffect, useState } from "react";
import { appConfig } from "~/app.config";
import { setBrowserCookie } from "~/lib/cookies";
import { m } from "~/paraglide/messages";
import { CloseIcon } from "../ui/icons";

/**
 * The platform-provider change notice: shown until the new-terms-notification cookie exists;
 * hides itself 15 s after first display, or on close, and then sets the cookie.
 */
export function TermsBanner({ dismissed }: { dismissed: boolean }) {
  const [visible, setVisible] = useState(!dismissed);
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => hide(), appConfig.ui.bannerAutoHideMs);
    return () => window.clearTimeout(timer);
  });
  function hide() {
    setBrowserCookie(appConfig.ui.bannerCookie, "1", 365);
    setVisible(false);
  }
  if (!visible) return null;
  return (
    <div role="region" aria-label={m.banner_text()} className="bg-brand-800 text-white" data-testid="terms-banner">
      <div className="container-page flex items-center gap-3 py-2 text-sm">
        <p className="flex-1">
          {m.banner_text()}{" "}
          <a href="/splosni-pogoji" className="font-semibold underline underline-offset-2">{m.banner_link()}</a>
        </p>
        <button type="button" className="rounded p-1 hover:bg-white/10" aria-label={m.banner_close()} onClick={hide}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
