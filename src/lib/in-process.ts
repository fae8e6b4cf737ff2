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
  /** How many times a read of this page took the lookup into its own D1 batch (`claim`; tests and benchmarks). */
  batched = 0;

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

  /**
   * For a read that puts the session's statement first in its own batch (issue 27, decision 089): when nothing is
   * known yet for this token, the page's other calls wait for what that read hands to `settle` (its row's session,
   * or a lookup of its own when it could not). Null when the memo already has this token's lookup: then the read
   * takes it through `get` as any other.
   */
  claim<T>(token: string): ((value: Promise<T>) => void) | null {
    if (this.entry?.token === token) return null;
    this.batched++;
    let settle: (value: Promise<T>) => void = () => undefined;
    const value = new Promise<T>((resolve) => {
      settle = resolve;
    });
    const entry = { token, value };
    this.entry = entry;
    value.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return settle;
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
