/** Host of requests the SSR pages make to the embedded API in-process (no network hop). */
export const inProcessHost = "internal.avtotrg";

/**
 * The signed-in session one page request resolved, shared by every in-process API call that page
 * makes: the first read looks it up, the others reuse the answer. Keyed by the session token, and
 * forgotten around any write (a write may sign out, rotate or merge), so a stale answer never outlives
 * the request that could change it. The value is opaque here (lib knows no API types).
 */
export class PageSessionMemo {
  private entry: { token: string; value: Promise<unknown> } | null = null;
  /** How many lookups actually ran for this page (for tests and benchmarks). */
  lookups = 0;

  get<T>(token: string, lookup: () => Promise<T>): Promise<T> {
    if (this.entry?.token === token) return this.entry.value as Promise<T>;
    this.lookups++;
    const value = lookup();
    const entry = { token, value };
    this.entry = entry;
    // A failed lookup is not remembered: the next call tries again.
    value.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return value;
  }

  clear(): void {
    this.entry = null;
  }
}

/**
 * The memo of the page an in-process API request belongs to, keyed by the Request object itself:
 * nothing a visitor sends can attach one.
 */
export const inProcessSessionMemos = new WeakMap<Request, PageSessionMemo>();
