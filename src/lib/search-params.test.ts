import { describe, expect, it } from "vitest";
import { parseRawSearch, stringifyRawSearch, toRawSearch } from "./search-params";

describe("router query strings", () => {
  it("keep repeated keys and never JSON-decode values", () => {
    const raw = parseRawSearch("?model=skoda(octavia)&model=bmw&page=2&slo=true&price=5000..15000");
    expect(raw).toEqual({ model: ["skoda(octavia)", "bmw"], page: "2", slo: "true", price: "5000..15000" });
    expect(stringifyRawSearch(raw)).toBe("?model=skoda%28octavia%29&model=bmw&page=2&slo=true&price=5000..15000");
  });
  it("drop empty values and non-strings when narrowing", () => {
    expect(stringifyRawSearch({ a: "", b: undefined, c: "x" })).toBe("?c=x");
    expect(toRawSearch({ a: "1", b: 2, c: ["x", 3] })).toEqual({ a: "1", c: ["x"] });
  });
});
