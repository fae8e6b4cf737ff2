import type { QueryClient } from "@tanstack/react-query";

/**
 * A page's first read, started by the root's `beforeLoad` on a signed-in server render BEFORE the root asks for
 * `me` (issue 27, decision 089): the read reaches the API first and puts the session's statement first in its own
 * D1 batch, and `me` gets the session from that batch. The page makes one D1 round trip before its first byte.
 * A route names it in `staticData.firstRead`; its loader takes the started read back with `takeFirstRead`.
 */
export type FirstRead = (args: {
  params: Record<string, string>;
  /** The route's validated search (the home and search pages read by it). */
  search: Record<string, unknown>;
  queryClient: QueryClient;
}) => Promise<unknown> | undefined;

declare module "@tanstack/router-core" {
  interface StaticDataRouteOption {
    firstRead?: FirstRead;
  }
}

/** Reads started for a page request (its QueryClient is the request's own on the server), by a key of the route's. */
const started = new WeakMap<QueryClient, Map<string, Promise<unknown>>>();

/**
 * Starts the read of the deepest matched route that names one; its failure is for the loader to handle. None when a
 * match's parameters or search failed their route's parse (`/oglas/PABC123` is a 404): the root's `beforeLoad` runs
 * before the router reports that, with the unchecked parameters, and a read would count a view for a page nobody
 * sees. A route's `firstRead` may also start nothing (undefined: the page will redirect).
 */
export function startFirstRead(
  matches: readonly {
    params: unknown;
    paramsError?: unknown;
    search?: unknown;
    searchError?: unknown;
    staticData?: { firstRead?: FirstRead };
  }[],
  queryClient: QueryClient,
) {
  if (matches.some((m) => m.paramsError || m.searchError)) return;
  const match = [...matches].reverse().find((m) => m.staticData?.firstRead);
  const read = match?.staticData?.firstRead?.({
    params: match.params as Record<string, string>,
    search: (match.search ?? {}) as Record<string, unknown>,
    queryClient,
  });
  read?.catch(() => undefined);
}

/** Records a started read under `key` (called by the route's `firstRead`). */
export function keepFirstRead<T>(queryClient: QueryClient, key: string, read: Promise<T>): Promise<T> {
  let reads = started.get(queryClient);
  if (!reads) {
    reads = new Map();
    started.set(queryClient, reads);
  }
  reads.set(key, read);
  return read;
}

/** The read started under `key` for this request, once (a later navigation reads afresh); none: undefined. */
export function takeFirstRead<T>(queryClient: QueryClient, key: string): Promise<T> | undefined {
  const reads = started.get(queryClient);
  const read = reads?.get(key);
  reads?.delete(key);
  return read as Promise<T> | undefined;
}
