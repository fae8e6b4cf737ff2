import { describe, expect, it, vi } from "vitest";
import { ApiError } from "~/client/errors";
import { errorStatusOfMatch } from "~/features/pages/error-page-head";
import { apiErrorAdapter } from "~/client/api-error-adapter";
import { failPage, orFailPage, PageError, pageErrorAdapter, pageStatusOf } from "./page-error";

const statuses: number[] = [];
vi.mock("~/lib/page-status", () => ({ setPageStatus: async (status: number) => void statuses.push(status) }));

describe("page errors (issue 20: a page keeps its status)", () => {
  it("failPage sets the HTTP status and throws the page error with the role it needs", async () => {
    statuses.length = 0;
    const thrown = await failPage(403, "admin").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(PageError);
    expect(thrown).toMatchObject({ statusCode: 403, need: "admin" });
    expect(statuses).toEqual([403]);
  });

  it("orFailPage turns an API 403/404/410 into that page and lets any other failure through (the 500 page)", async () => {
    statuses.length = 0;
    await expect(
      orFailPage(Promise.reject(new ApiError("Dostop ni dovoljen.", 403, null)), "owner"),
    ).rejects.toMatchObject({ statusCode: 403, need: "owner" });
    await expect(
      orFailPage(Promise.reject(new ApiError("Oglas ne obstaja.", 404, null)), "owner"),
    ).rejects.toMatchObject({ statusCode: 404, need: null });
    await expect(orFailPage(Promise.reject(new ApiError("Prodano.", 410, null)))).rejects.toMatchObject({
      statusCode: 410,
    });
    const broken = new ApiError("boom", 502, null);
    await expect(orFailPage(Promise.reject(broken))).rejects.toBe(broken);
    await expect(orFailPage(Promise.reject(new Error("x")))).rejects.not.toBeInstanceOf(PageError);
    await expect(orFailPage(Promise.resolve(7))).resolves.toBe(7);
    expect(statuses).toEqual([403, 404, 410]);
  });

  it("PageError and ApiError survive serialization with status, role and body", () => {
    const page = pageErrorAdapter.fromSerializable(
      pageErrorAdapter.toSerializable(new PageError(403, "editor")) as never,
    );
    expect(page).toBeInstanceOf(PageError);
    expect(page).toMatchObject({ statusCode: 403, need: "editor" });
    const api = apiErrorAdapter.fromSerializable(
      apiErrorAdapter.toSerializable(
        new ApiError("Oglas ne obstaja.", 404, { statusCode: 404, errors: [{ message: "Oglas ne obstaja." }] }),
      ) as never,
    );
    expect(api).toBeInstanceOf(ApiError);
    expect(api.statusCode).toBe(404);
    expect(api.firstMessage).toBe("Oglas ne obstaja.");
    expect(pageStatusOf(api)).toBe(404);
    expect(pageStatusOf(new Error("x"))).toBeNull();
  });

  it("a route match's error page: not found (own or an unmatched URL) is 404, an error its status, else none", () => {
    expect(errorStatusOfMatch({ status: "notFound" })).toBe(404);
    expect(errorStatusOfMatch({ status: "success", _notFound: true })).toBe(404);
    expect(errorStatusOfMatch({ status: "error", error: new PageError(403, "admin") })).toBe(403);
    expect(errorStatusOfMatch({ status: "error", error: new ApiError("x", 410, null) })).toBe(410);
    expect(errorStatusOfMatch({ status: "error", error: new Error("x") })).toBe(500);
    expect(errorStatusOfMatch({ status: "success" })).toBeNull();
  });
});
