import { AsyncLocalStorage } from "node:async_hooks";
import { waitUntil } from "cloudflare:workers";

// Work handed over until it settles; tests wait for it (`afterResponseSettled`) before reading what it wrote.
const pending = new Set<Promise<void>>();

// The work of one request that may only start once its Response has been returned (`holdUntilResponse`).
const held = new AsyncLocalStorage<{ responded: boolean; queue: (() => void)[] }>();

/**
 * Runs `work` after the response has gone (the request's `waitUntil`): the visitor never waits for it, and a
 * failure is logged, never the response's. Used for counting a posting's views (decision 081). Given as a
 * function, the work does not even START until the request's Response has been returned when the request is
 * held (`holdUntilResponse`: a page and its in-process API calls, issue 27, decision 089), so its D1 round trip
 * comes after the first byte; otherwise it starts at once.
 */
export function afterResponse(work: Promise<unknown> | (() => Promise<unknown>), label: string): void {
  const hold = held.getStore();
  if (typeof work !== "function") track(work, label);
  else if (hold && !hold.responded) hold.queue.push(() => track(work(), label));
  else track(work(), label);
}

function track(work: Promise<unknown>, label: string) {
  const done: Promise<void> = work
    .then(
      () => undefined,
      (e: unknown) => console.error(label, e),
    )
    .finally(() => pending.delete(done));
  pending.add(done);
  waitUntil(done);
}

/**
 * Answers `respond()`'s Response, starting the work handed to `afterResponse` during it only once that Response
 * exists (for a streamed page: its head is on its way). Work handed over later (while the body streams) starts
 * at once.
 */
export async function holdUntilResponse(respond: () => Promise<Response>): Promise<Response> {
  const hold = { responded: false, queue: [] as (() => void)[] };
  try {
    return await held.run(hold, respond);
  } finally {
    hold.responded = true;
    for (const start of hold.queue.splice(0)) start();
  }
}

/** Resolves once everything handed to `afterResponse` so far has settled (for tests). */
export async function afterResponseSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
