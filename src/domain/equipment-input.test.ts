import { describe, expect, it } from "vitest";
import { groupEquipmentByKind, packageTitle } from "./equipment";
import { equipmentFieldSchema, withStoredKinds } from "./equipment-input";

describe("equipment with its kind (decision 051)", () => {
  it("a bare code is a serial item (marked as bare, so a stored kind can win); objects keep kind and package name", () => {
    const r = equipmentFieldSchema.parse([
      "SAFETY_ABS",
      { code: "INNER_HUD", kind: "ADDITIONAL" },
      { code: "PARK_CAMERA", kind: "PACKAGE", packageName: "  Paket   Business " },
    ]);
    expect(r).toEqual([
      { code: "SAFETY_ABS", kind: "SERIAL", packageName: null, bareCode: true },
      { code: "INNER_HUD", kind: "ADDITIONAL", packageName: null },
      { code: "PARK_CAMERA", kind: "PACKAGE", packageName: "Paket Business" },
    ]);
  });
  it("withStoredKinds: a bare code keeps the stored kind and package; a new bare code is serial; a sent kind wins", () => {
    const sent = equipmentFieldSchema.parse(["PARK_CAMERA", "SAFETY_ABS", { code: "INNER_HUD", kind: "SERIAL" }]);
    const stored = [
      { code: "PARK_CAMERA", kind: "PACKAGE" as const, packageName: "Paket Business" },
      { code: "INNER_HUD", kind: "ADDITIONAL" as const, packageName: null },
    ];
    expect(withStoredKinds(sent, stored)).toEqual([
      { code: "PARK_CAMERA", kind: "PACKAGE", packageName: "Paket Business" },
      { code: "SAFETY_ABS", kind: "SERIAL", packageName: null },
      { code: "INNER_HUD", kind: "SERIAL", packageName: null },
    ]);
  });
  it("refuses a kind off the list, a duplicate, a package name on a non-package item and a garbage name", () => {
    const paths = (v: unknown) => equipmentFieldSchema.safeParse(v).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths([{ code: "SAFETY_ABS", kind: "OPTIONAL" }])).toEqual(["0.kind"]);
    expect(paths(["SAFETY_ABS", { code: "SAFETY_ABS", kind: "ADDITIONAL" }])).toEqual(["1"]);
    expect(paths([{ code: "SAFETY_ABS", kind: "SERIAL", packageName: "Paket X" }])).toEqual(["0.packageName"]);
    expect(paths([{ code: "SAFETY_ABS", kind: "PACKAGE", packageName: "<script>" }])).toEqual(["0.packageName"]);
    expect(paths([{ code: "SAFETY_ABS", kind: "PACKAGE", packageName: "x".repeat(61) }])).toEqual(["0.packageName"]);
    expect(paths(["NOT_A_CODE"])).toEqual(["0.code"]);
    expect(paths([42])).toEqual(["0"]);
  });
  it("groups serial, additional, then each package by name (case-insensitive), items in catalogue order", () => {
    const groups = groupEquipmentByKind([
      { code: "PARK_CAMERA", kind: "PACKAGE" as const, packageName: "Business" },
      { code: "SAFETY_ABS", kind: "SERIAL" as const, packageName: null },
      { code: "AC_MANUAL", kind: "SERIAL" as const, packageName: null },
      { code: "INNER_HUD", kind: "PACKAGE" as const, packageName: "business" },
      { code: "OTHER_LED", kind: "ADDITIONAL" as const, packageName: null },
      { code: "INNER_KEYLESS", kind: "PACKAGE" as const, packageName: null },
    ]);
    expect(groups.map((g) => [g.kind, g.packageName, g.items.map((i) => i.code)])).toEqual([
      ["SERIAL", null, ["AC_MANUAL", "SAFETY_ABS"]],
      ["ADDITIONAL", null, ["OTHER_LED"]],
      ["PACKAGE", "Business", ["INNER_HUD", "PARK_CAMERA"]],
      ["PACKAGE", null, ["INNER_KEYLESS"]],
    ]);
    expect(packageTitle("Business")).toBe("Paket Business");
    expect(packageTitle("Paket Business")).toBe("Paket Business");
    expect(packageTitle(null)).toBe("Paket opreme");
  });
});
