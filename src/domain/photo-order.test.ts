import { describe, expect, it } from "vitest";
import { bySection, moveItem, orderAfterUpload, withCover, withSectionOrder } from "./photo-order";

const file = (url: string, fileType = "EXTERIOR_PICTURE") => ({ url, fileType });

describe("photo order", () => {
  it("keeps the picked order after parallel uploads that finished 3, 2, 1, 4", () => {
    expect(orderAfterUpload(["a", "3", "2", "1", "4"], ["1", "2", "3", "4"])).toEqual(["a", "1", "2", "3", "4"]);
  });

  it("leaves out a picked file whose upload failed", () => {
    expect(orderAfterUpload(["2", "1"], ["1", "x", "2"])).toEqual(["1", "2"]);
  });

  it("moves an item forwards and backwards, clamped to the list", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveItem(["a", "b"], 1, 9)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });

  it("reorders one section and keeps every other file in its place", () => {
    const files = [file("e1"), file("i1", "INTERIOR_PICTURE"), file("e2"), file("d1", "INVOICE"), file("e3")];
    expect(withSectionOrder(files, "EXTERIOR_PICTURE", ["e3", "e1", "e2"])).toEqual(["e3", "i1", "e1", "d1", "e2"]);
  });

  it("makes a chosen exterior picture the cover and refuses any other file", () => {
    const files = [file("e1"), file("i1", "INTERIOR_PICTURE"), file("e2"), file("e3")];
    expect(withCover(files, "e3")).toEqual(["e3", "i1", "e1", "e2"]);
    expect(withCover(files, "i1")).toBeNull();
    expect(withCover(files, "nope")).toBeNull();
  });

  it("shows exterior pictures first, each section in its stored order", () => {
    const files = [file("i1", "INTERIOR_PICTURE"), file("e1"), file("x1", "DAMAGE_PICTURE"), file("e2")];
    expect(bySection(files).map((f) => f.url)).toEqual(["e1", "e2", "i1", "x1"]);
  });
});
