import { describe, expect, it } from "vitest";
import { ApiError } from "~/client/errors";
import { PageError } from "~/lib/page-error";
import { errorStatusOfMatch } from "./error-page-head";

describe("page errors (issue 20: a page keeps its status)", () => {
  it("a route match's error page: not found (own or an unmatched URL) is 404, an error its status, else none", () => {
    expect(errorStatusOfMatch({ status: "notFound" })).toBe(404);
    expect(errorStatusOfMatch({ status: "success", _notFound: true })).toBe(404);
    expect(errorStatusOfMatch({ status: "error", error: new PageError(403, "admin") })).toBe(403);
    expect(errorStatusOfMatch({ status: "error", error: new ApiError("x", 410, null) })).toBe(410);
    expect(errorStatusOfMatch({ status: "error", error: new Error("x") })).toBe(500);
    expect(errorStatusOfMatch({ status: "success" })).toBeNull();
  });
});
