import { type ClientResponse, hc, parseResponse } from "hono/client";
import type { StatusCode } from "hono/utils/http-status";
import type { AppType } from "~/api/app";
import { type ApiTransport, apiPrefix } from "./api-url";
import { RequiredError, toApiError } from "./errors";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Query parameters are emitted only when non-empty, booleans only when true (spec section 5). */
export function toSearchParams(query: Record<string, QueryValue> | URLSearchParams | undefined): URLSearchParams {
  if (!query) return new URLSearchParams();
  if (query instanceof URLSearchParams) return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === "" || value === false) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, value === true ? "true" : String(value));
  }
  return params;
}

/** `?a=1&b=2`, or "" when nothing is left. */
export function toQueryString(query: Record<string, QueryValue> | URLSearchParams | undefined): string {
  const s = toSearchParams(query).toString();
  return s ? `?${s}` : "";
}

const origin = "http://api.avtotrg";

/** hc builds absolute URLs; the transport takes the path relative to internal-api/v1 (or "/…" outside it). */
function transportPath(url: string): string {
  const path = url.startsWith(origin) ? url.slice(origin.length) : url;
  return path.startsWith(apiPrefix) ? path.slice(apiPrefix.length) : path;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/**
 * A missing path parameter or JSON body fails before any request, naming it (hc would otherwise drop the
 * path segment and call another route). Wraps hc's proxy without changing its type.
 */
function guardRequired<T extends object>(target: T, path: string[] = []): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value: unknown = Reflect.get(obj, key, receiver);
      if (typeof key !== "string" || (typeof value !== "function" && !isRecord(value))) return value;
      return guardRequired(value, [...path, key]);
    },
    apply(fn, thisArg, args: unknown[]) {
      const method = path.at(-1);
      if (method?.startsWith("$") && method !== "$url" && method !== "$path") {
        const operation = `${method.slice(1).toUpperCase()} ${path.slice(0, -1).join("/")}`;
        const input = args[0];
        if (isRecord(input)) {
          if (isRecord(input.param))
            for (const [name, v] of Object.entries(input.param))
              if (v === undefined || v === null || v === "")
                throw new RequiredError(name, v === null ? null : undefined, operation);
          if ("json" in input && (input.json === null || input.json === undefined))
            throw new RequiredError("body", input.json === null ? null : undefined, operation);
        }
      }
      if (typeof fn !== "function") throw new TypeError("not callable");
      return Reflect.apply(fn, thisArg, args);
    },
  });
}

/**
 * The API client derived from the Hono app's types (`hc<AppType>`), over a transport: every path, input
 * and response type comes from the routes in src/api. `api.me.$get()`, `api.models[":manufacturerCode"].$get(…)`.
 */
export function createApiClient(transport: ApiTransport) {
  const root = hc<AppType>(origin, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      transport(transportPath(input instanceof Request ? input.url : String(input)), init ?? {}),
    headers: { accept: "application/json" },
    buildSearchParams: (query) => toSearchParams(query),
  });
  return guardRequired(root);
}

export type ApiRoot = ReturnType<typeof createApiClient>;

type AnyResponse = ClientResponse<unknown, StatusCode, string>;

/**
 * A response's data, typed by the route that answers it; a non-2xx answer throws ApiError (statusCode,
 * message, fieldErrors). An empty 202/204 gives undefined.
 */
export async function data<R extends AnyResponse>(response: R | Promise<R>) {
  const res = await response;
  if (!res.ok) throw await toApiError(res);
  return parseResponse(res);
}
