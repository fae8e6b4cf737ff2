import { useEffect, useState } from "react";
import { appConfig } from "~/app.config";
import { apiPrefix } from "~/client/api-url";
import { setBrowserCookie } from "~/lib/cookies";
import { m } from "~/paraglide/messages";
import { CloseIcon } from "../ui/icons";
import { useHere } from "./use-here";

/** When the banner was first shown in this browser (ms since epoch): the 15 s run across page loads. */
const firstShownKey = "avtotrg-terms-banner-first-shown";

/** The first-display time, recorded now when there is none (or storage is unreadable: then per page). */
function firstShownAt(now: number): number {
  try {
    const stored = Number(localStorage.getItem(firstShownKey));
    if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
    localStorage.setItem(firstShownKey, String(now));
  } catch {
    // Storage blocked: the banner still hides 15 s after this display.
  }
  return now;
}

/**
 * The platform-provider change notice: shown until the new-terms-notification cookie exists;
 * hides itself 15 s after its FIRST display (the time is kept across page loads, so a reload after
 * 10 s hides it 5 s later), or on close, and then sets the cookie.
 */
export function TermsBanner({ dismissed }: { dismissed: boolean }) {
  const [visible, setVisible] = useState(!dismissed);
  const here = useHere();
  useEffect(() => {
    if (!visible) return;
    const now = Date.now();
    const left = firstShownAt(now) + appConfig.ui.bannerAutoHideMs - now;
    if (left <= 0) {
      hide();
      return;
    }
    const timer = window.setTimeout(() => hide(), left);
    return () => window.clearTimeout(timer);
  }, [visible]);
  function hide() {
    setBrowserCookie(appConfig.ui.bannerCookie, "1", appConfig.ui.bannerCookieMaxAgeDays);
    setVisible(false);
  }
  if (!visible) return null;
  return (
    <div role="region" aria-label={m.banner_text()} className="bg-brand-800 text-white" data-testid="terms-banner">
      <div className="container-page flex items-center gap-3 py-2 text-sm">
        <p className="flex-1">
          {m.banner_text()}{" "}
          <a href="/splosni-pogoji" className="font-semibold underline underline-offset-2">
            {m.banner_link()}
          </a>
        </p>
        {/* Before hydration the close posts a form that sets the cookie and comes back (decision 064). */}
        <form method="post" action={`${apiPrefix}terms-notice`} className="contents">
          <input type="hidden" name="returnTo" value={here} />
          <button
            type="submit"
            className="rounded p-1 hover:bg-white/10"
            aria-label={m.banner_close()}
            onClick={(e) => {
              e.preventDefault();
              hide();
            }}
          >
            <CloseIcon />
          </button>
        </form>
      </div>
    </div>
  );
}
