import { describe, expect, it } from "vitest";
import { asciiFold, slugify, uniqueCode } from "./slug";

describe("slug", () => {
  it("folds Slovenian and other letters to ASCII", () => {
    expect(asciiFold("Škoda Đurđa Straße")).toBe("skoda durda strasse");
  });
  it("makes URL codes", () => {
    expect(slugify("Transporter / Multivan", "model")).toBe("transporter-multivan");
    expect(slugify("ID.3", "model")).toBe("id-3");
    expect(slugify("  ???  ", "model")).toBe("model");
    expect(slugify(`${"a".repeat(30)} ${"b".repeat(30)}`, "model")).toBe(`${"a".repeat(30)}-${"b".repeat(9)}`);
  });
  it("adds a number when the code is taken", () => {
    expect(uniqueCode("golf", new Set())).toBe("golf");
    expect(uniqueCode("golf", new Set(["golf", "golf-2"]))).toBe("golf-3");
  });
});
