import { useSyncExternalStore } from "react";
import { appConfig } from "~/app.config";
import { favouriteIntentCode } from "~/domain/favourite-intent";

/**
 * A signed-out visitor's favourites: posting codes in localStorage (decision 067), newest first. Junk in
 * storage (not JSON, not a list, bad codes, too many) reads as the valid part of it; storage that throws
 * (private mode, disabled) reads as empty and writes nothing.
 */
const storageKey = "avtotrg:priljubljeni";
const none: readonly string[] = [];
const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastList: readonly string[] = none;

function parse(raw: string | null): readonly string[] {
  if (!raw) return none;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return none;
    const codes = value.map(favouriteIntentCode).filter((c): c is string => c !== null);
    return [...new Set(codes)].slice(0, appConfig.limits.localFavourites);
  } catch {
    return none;
  }
}

// Every heart on a page asks for the snapshot at render and after the commit: storage is read once per task
// (issue 27, round 7); write(), the only writer in this tab, makes the next read fresh.
let readThisTask = false;

/** The codes kept in this browser (empty on the server). */
export function localFavourites(): readonly string[] {
  if (readThisTask) return lastList;
  if (typeof queueMicrotask === "function") {
    readThisTask = true;
    queueMicrotask(() => {
      readThisTask = false;
    });
  }
  let raw: string | null = null;
  try {
    raw = typeof localStorage === "undefined" ? null : localStorage.getItem(storageKey);
  } catch {
    raw = null;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastList = parse(raw);
  }
  return lastList;
}

function write(codes: readonly string[]) {
  readThisTask = false;
  try {
    if (codes.length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(codes.slice(0, appConfig.limits.localFavourites)));
  } catch {
    // Storage refused: the heart simply does not stick in this browser.
  }
  for (const listener of listeners) listener();
}

/** Keeps (`liked`) or drops a posting in this browser's favourites; the newest is kept first when full. */
export function setLocalFavourite(code: string, liked: boolean) {
  const rest = localFavourites().filter((c) => c !== code);
  write(liked ? [code, ...rest] : rest);
}

/** Drops the codes once they are in the account. */
export function forgetLocalFavourites(codes: readonly string[]) {
  const gone = new Set(codes);
  write(localFavourites().filter((c) => !gone.has(c)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab (the sign-in link opened in a second tab) changes the list too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKey || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The favourites kept in this browser, re-rendering when they change (here or in another tab). */
export function useLocalFavourites(): readonly string[] {
  return useSyncExternalStore(subscribe, localFavourites, () => none);
}
