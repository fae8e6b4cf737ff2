import { describe, expect, it } from "vitest";
import { auditChanges, prettyJson } from "./audit-diff";

describe("audit changes", () => {
  it("lists only the changed fields of an update", () => {
    expect(
      auditChanges({ title: "A", position: 1, tags: ["x"] }, { title: "B", position: 1, tags: ["x", "y"] }),
    ).toEqual([
      { field: "title", before: "A", after: "B" },
      { field: "tags", before: ["x"], after: ["x", "y"] },
    ]);
  });
  it("lists every field of a creation or a deletion", () => {
    expect(auditChanges(null, { title: "A" })).toEqual([{ field: "title", before: undefined, after: "A" }]);
    expect(auditChanges({ title: "A", imageKey: "k" }, null)).toEqual([
      { field: "title", before: "A", after: undefined },
      { field: "imageKey", before: "k", after: undefined },
    ]);
  });
  it("compares plain values as one field", () => {
    expect(auditChanges(3, 5)).toEqual([{ field: "", before: 3, after: 5 }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
  it("pretty-prints JSON", () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe("");
  });
});
