import { waitUntil } from "cloudflare:workers";

// Work handed over until it settles; tests wait for it (`afterResponseSettled`) before reading what it wrote.
const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the response has gone (the request's `waitUntil`): the visitor never waits for
 * it, and a failure is logged, never the response's. Used for counting a posting's views (decision 081).
 */
export function afterResponse(work: Promise<unknown>, label: string): void {
  const done: Promise<void> = work
    .then(
      () => undefined,
      (e: unknown) => console.error(label, e),
    )
    .finally(() => pending.delete(done));
  pending.add(done);
  waitUntil(done);
}

/** Resolves once everything handed to `afterResponse` so far has settled (for tests). */
export async function afterResponseSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
