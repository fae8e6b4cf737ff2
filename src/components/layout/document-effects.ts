import { useEffect } from "react";
import { appConfig } from "~/app.config";
import { cookieValue, setBrowserCookie } from "~/lib/cookies";

/** Marks the document once React has hydrated (end-to-end tests wait for it before clicking). */
export function useHydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

/** The locale cookie (spec: i18n_redirected, 365 days); Slovenian is the only locale. */
export function useLocaleCookie() {
  useEffect(() => {
    const { name, maxAgeDays } = appConfig.localeCookie;
    if (cookieValue(document.cookie, name) === null) setBrowserCookie(name, "si", maxAgeDays);
  }, []);
}

const reloadFlag = "avtotrg-chunk-reload";

/** True when an error means a code chunk of an older deploy could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    message,
  );
}

/** Reloads the page once when a chunk fails to load (a new deploy replaced it); never loops. */
export function reloadOnceForChunkError(): boolean {
  if (sessionStorage.getItem(reloadFlag)) return false;
  sessionStorage.setItem(reloadFlag, String(Date.now()));
  window.location.reload();
  return true;
}

export function useChunkReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadOnceForChunkError()) event.preventDefault();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    // A page that loaded fine clears the flag, so a later deploy can reload again.
    const clear = window.setTimeout(() => sessionStorage.removeItem(reloadFlag), 10_000);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.clearTimeout(clear);
    };
  }, []);
}

/**
 * A control the keyboard moves to is scrolled clear of the phone's bars at the foot of the screen (session 26).
 * The browser scrolls a focused control only when it is outside the window: one in the window but under the
 * bottom navigation or a posting's contact bar stayed there. The bars' height is the page's `scroll-padding-bottom`
 * (src/styles/app.css); 0 on desktop, where nothing is fixed at the foot.
 */
export function useFocusClearOfBars() {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement) || !el.matches(":focus-visible")) return;
      const pad = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
      if (pad === 0) return;
      const box = el.getBoundingClientRect();
      const below = box.bottom - (window.innerHeight - pad);
      // Not for a control taller than the space left (it would go under the header instead).
      if (below > 0 && box.height < window.innerHeight - pad - 80) window.scrollBy(0, below);
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);
}
