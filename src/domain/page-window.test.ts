import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 17, [1, 2, 3, 4, 5, null, 17]],
    [4, 17, [1, 2, 3, 4, 5, null, 17]],
    [5, 17, [1, null, 4, 5, 6, null, 17]],
    [13, 17, [1, null, 12, 13, 14, null, 17]],
    [14, 17, [1, null, 13, 14, 15, 16, 17]],
    [17, 17, [1, null, 13, 14, 15, 16, 17]],
    [99, 8, [1, null, 4, 5, 6, 7, 8]],
    [0, 8, [1, 2, 3, 4, 5, null, 8]],
    [1, 0, []],
  ] as const)("page %i of %i", (current, pages, expected) => {
    expect(pageWindow(current, pages)).toEqual(expected);
  });
});
