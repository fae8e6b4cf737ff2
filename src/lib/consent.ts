import { useMatch } from "@tanstack/react-router";
import { useEffect, useSyncExternalStore } from "react";
import { appConfig } from "~/app.config";
import { type Consent, type ConsentChoice, parseConsent, serializeConsent, withdrawsConsent } from "~/domain/consent";
import { cookieValue, setBrowserCookie } from "./cookies";
import { getThirdPartyScripts, type ThirdPartyScripts } from "./third-party.functions";

// The cookie is the single source of truth; this tiny store only tells React when it changed.
const listeners = new Set<() => void>();
let cache: { raw: string | null; consent: Consent | null } = { raw: null, consent: null };

function readBrowserConsent(): Consent | null {
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

const scripts = new Map<string, Promise<void>>();

/** Adds an async script once; never render-blocking, called only from effects (after hydration). */
export function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`script failed: ${src}`));
    };
    document.head.appendChild(script);
  });
  scripts.set(src, loading);
  return loading;
}

let sources: Promise<ThirdPartyScripts> | null = null;

/** The script addresses of this deployment, asked once and only after some consent was given. */
export function thirdPartyScripts(): Promise<ThirdPartyScripts> {
  sources ??= getThirdPartyScripts().catch((error: unknown) => {
    sources = null;
    throw error;
  });
  return sources;
}

type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** Starts analytics (Google tag); only ever called with analytics consent. */
export async function startAnalytics() {
  const src = await thirdPartyScripts();
  const w = window as AnalyticsWindow;
  if (!w.gtag) {
    w.dataLayer = w.dataLayer ?? [];
    // The Google tag reads the `arguments` objects it queued, not arrays.
    w.gtag = function gtag() {
      w.dataLayer?.push(arguments);
    };
    w.gtag("js", new Date());
    w.gtag("config", src.measurementId, { anonymize_ip: true });
  }
  await loadScript(src.analytics);
}
