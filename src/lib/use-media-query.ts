import { useSyncExternalStore } from "react";
import { appConfig } from "~/app.config";

/** The width from which the desktop layout (sidebars, header navigation) shows. */
export const desktopMediaQuery = `(min-width: ${appConfig.ui.desktopBreakpointPx}px)`;

/**
 * Whether a CSS media query matches in the browser. On the server and while hydrating it is false,
 * then the browser's answer: use it for work to skip (requests, effects), not for markup.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
