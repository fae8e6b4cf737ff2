/**
 * The router's query-string handling: plain strings, repeated keys as arrays, no JSON. Our URL
 * codecs (src/domain/search-filters.ts) then read the spec's syntax exactly (model=a&model=b(c)).
 */
export type RawSearch = Record<string, string | string[]>;

export function parseRawSearch(searchStr: string): RawSearch {
  const params = new URLSearchParams(searchStr.startsWith("?") ? searchStr.slice(1) : searchStr);
  const out: RawSearch = {};
  for (const [key, value] of params) {
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

export function stringifyRawSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Narrows the router's search object to raw strings (validateSearch of routes that use a codec). */
export function toRawSearch(search: Record<string, unknown>): RawSearch {
  const out: RawSearch = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === "string") out[key] = value;
    else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === "string");
  }
  return out;
}
