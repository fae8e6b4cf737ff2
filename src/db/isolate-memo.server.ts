import { appConfig } from "~/app.config";
import { type Db, readsOwnWrites } from "./client.server";

/**
 * Public reference data every page reads (makes, the news articles), kept per isolate (issue 27,
 * decision 080). A successful write that changes public content in this isolate drops every entry at once
 * (`dropIsolateMemos`, called with the response cache's invalidation), and an entry lives at most
 * `appConfig.responseCache.memoSeconds`, the bound for writes made in other isolates, which cannot be told:
 * within the time an anonymous visitor's cached page may already be stale (page TTL + stale window).
 * Only data that is the same for every visitor goes here. A request carrying a D1 bookmark (its visitor wrote
 * within the hour, maybe in another isolate) neither reads nor fills the memos: read-your-writes (decision 086).
 */
const entries = new Map<string, { at: number; value: unknown }>();
let generation = 0;
let enabled = true;

/** Memos are on unless the Worker's ISOLATE_MEMO is "off" (the API tests, which write D1 directly). Set per request. */
export function useIsolateMemos(env: { ISOLATE_MEMO?: string }): void {
  enabled = env.ISOLATE_MEMO !== "off";
}

/**
 * `compute()`'s value, from this isolate's memo while it is younger than the bound and no write came between;
 * always `compute()`'s for a `db` anchored at a visitor's bookmark.
 */
export async function memoised<T>(db: Db, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  if (!enabled || readsOwnWrites(db)) return compute();
  const hit = entries.get(key);
  if (hit && now - hit.at < appConfig.responseCache.memoSeconds * 1000) return hit.value as T;
  const started = generation;
  const value = await compute();
  // A write that landed while this was read may have changed it: not kept then.
  if (started === generation) entries.set(key, { at: now, value });
  return value;
}

/** A write changed public content: nothing memoised so far, nor being read, is served again. */
export function dropIsolateMemos(): void {
  generation++;
  entries.clear();
}
