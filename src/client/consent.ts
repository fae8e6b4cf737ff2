import { useMatch } from "@tanstack/react-router";
import { useEffect, useSyncExternalStore } from "react";
import { appConfig } from "~/app.config";
import { type Consent, type ConsentChoice, parseConsent, serializeConsent, withdrawsConsent } from "~/domain/consent";
import { cookieValue, setBrowserCookie } from "~/lib/cookies";

// The cookie is the single source of truth; this tiny store only tells React when it changed.
const listeners = new Set<() => void>();
let cache: { raw: string | null; consent: Consent | null } = { raw: null, consent: null };
// React asks each consumer (the ad slots, the banner) for the snapshot at render and again after the commit, and
// reading document.cookie is slow on a phone: the hydration of a posting page spent 15–25 ms (4× CPU) on it. The
// cookie is read once per task; saveConsent, the only writer here, reads it afresh.
let readThisTask = false;

function readBrowserConsent(): Consent | null {
  if (readThisTask) return cache.consent;
  readThisTask = true;
  queueMicrotask(() => {
    readThisTask = false;
  });
  const raw = cookieValue(document.cookie, appConfig.consent.cookieName);
  if (raw !== cache.raw) cache = { raw, consent: parseConsent(raw) };
  return cache.consent;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's cookie choice: read from the request on the server, from the cookie in the browser; null until they decide. */
export function useConsent(): Consent | null {
  // No throw: the document shell renders this even when the root route failed.
  const server = useMatch({ from: "__root__", shouldThrow: false, select: (match) => match.context.consent }) ?? null;
  return useSyncExternalStore(subscribe, readBrowserConsent, () => server);
}

/** Stores a choice; withdrawing a category reloads the page, because scripts already running cannot be unloaded. */
export function saveConsent(choice: ConsentChoice) {
  const before = readBrowserConsent();
  setBrowserCookie(appConfig.consent.cookieName, serializeConsent(choice, new Date()), appConfig.consent.maxAgeDays);
  readThisTask = false;
  if (withdrawsConsent(before, choice)) {
    if (!choice.analytics) removeAnalyticsCookies();
    window.location.reload();
    return;
  }
  for (const listener of listeners) listener();
}

function removeAnalyticsCookies() {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (/^_g(a|id)/.test(name)) {
      document.cookie = `${name}=; Max-Age=0; Path=/`;
      document.cookie = `${name}=; Max-Age=0; Path=/; Domain=.${location.hostname}`;
    }
  }
}

const settingsEvent = "avtotrg:consent-settings";

/** Opens the cookie settings dialog (the footer link). */
export const openConsentSettings = () => window.dispatchEvent(new Event(settingsEvent));

/** Runs `onOpen` whenever something asks for the cookie settings. */
export function useConsentSettingsRequest(onOpen: () => void) {
  useEffect(() => {
    window.addEventListener(settingsEvent, onOpen);
    return () => window.removeEventListener(settingsEvent, onOpen);
  }, [onOpen]);
}
