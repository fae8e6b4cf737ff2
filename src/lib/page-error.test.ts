import { describe, expect, it, vi } from "vitest";
import { failPage, PageError, pageErrorAdapter, pageStatusOf } from "./page-error";

const statuses: number[] = [];
vi.mock("~/lib/page-status", () => ({ setPageStatus: async (status: number) => void statuses.push(status) }));

// The API error's side of these (orFailPage and serialization with ApiError) is in src/client/api-error-page.test.ts.
describe("page errors (issue 20: a page keeps its status)", () => {
  it("failPage sets the HTTP status and throws the page error with the role it needs", async () => {
    statuses.length = 0;
    const thrown = await failPage(403, "admin").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(PageError);
    expect(thrown).toMatchObject({ statusCode: 403, need: "admin" });
    expect(statuses).toEqual([403]);
  });

  it("PageError survives serialization with status and role", () => {
    const page = pageErrorAdapter.fromSerializable(
      pageErrorAdapter.toSerializable(new PageError(403, "editor")) as never,
    );
    expect(page).toBeInstanceOf(PageError);
    expect(page).toMatchObject({ statusCode: 403, need: "editor" });
    expect(pageStatusOf(new Error("x"))).toBeNull();
  });
});
