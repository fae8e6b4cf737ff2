import { describe, expect, it, vi } from "vitest";
import { orFailPage, PageError, pageStatusOf } from "~/lib/page-error";
import { apiErrorAdapter } from "./api-error-adapter";
import { ApiError } from "./errors";

const statuses: number[] = [];
vi.mock("~/lib/page-status", () => ({ setPageStatus: async (status: number) => void statuses.push(status) }));

// src/lib/page-error.ts recognises the API's error by name (lib imports nothing above it): these check it with the real one.
describe("page errors (issue 20: a page keeps its status)", () => {
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

  it("ApiError survives serialization with status and body", () => {
    const api = apiErrorAdapter.fromSerializable(
      apiErrorAdapter.toSerializable(
        new ApiError("Oglas ne obstaja.", 404, { statusCode: 404, errors: [{ message: "Oglas ne obstaja." }] }),
      ) as never,
    );
    expect(api).toBeInstanceOf(ApiError);
    expect(api.statusCode).toBe(404);
    expect(api.firstMessage).toBe("Oglas ne obstaja.");
    expect(pageStatusOf(api)).toBe(404);
  });
});
