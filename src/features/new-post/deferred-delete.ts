/**
 * Delete with undo (decision 058): a removed photo is only hidden at first; the server's delete is sent when
 * the undo window ends, or at once when the seller removes another photo or leaves the page. One removal
 * waits at a time, so "Razveljavi" always means the last one.
 */
export type DeferredDelete = {
  /** Hides `url` and starts its undo window (a removal still waiting is committed first). */
  schedule: (url: string) => void;
  /** Takes back the waiting removal: answers its URL, or null when there is none. */
  undo: () => string | null;
  /** Commits the waiting removal now (the page is being left). */
  flush: () => void;
  /** The URL whose removal waits, or null. */
  pending: () => string | null;
};

type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createDeferredDelete(
  commit: (url: string) => void,
  windowMs: number,
  onChange: (pending: string | null) => void = () => {},
  timers: Timers = realTimers,
): DeferredDelete {
  let waiting: { url: string; timer: unknown } | null = null;
  const take = () => {
    const taken = waiting;
    if (taken) timers.clear(taken.timer);
    waiting = null;
    return taken?.url ?? null;
  };
  const flush = () => {
    const url = take();
    if (url === null) return;
    onChange(null);
    commit(url);
  };
  return {
    schedule(url) {
      flush();
      waiting = { url, timer: timers.set(flush, windowMs) };
      onChange(url);
    },
    undo() {
      const url = take();
      if (url !== null) onChange(null);
      return url;
    },
    flush,
    pending: () => waiting?.url ?? null,
  };
}
