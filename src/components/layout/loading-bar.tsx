import { useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { appConfig } from "~/app.config";
import { m } from "~/paraglide/messages";

/** Top progress bar for navigations: appears only after 200 ms, gives up after 5 s. */
export function LoadingBar() {
  const pending = useRouterState({ select: (s) => s.status === "pending" });
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const show = window.setTimeout(() => setVisible(true), appConfig.ui.loadingBarThrottleMs);
    const hide = window.setTimeout(() => setVisible(false), appConfig.ui.loadingBarMaxMs);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, [pending]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={m.loading()}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="loading-bar h-full w-1/3 bg-brand-600" />
    </div>
  );
}
