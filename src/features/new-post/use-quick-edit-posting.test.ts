import { describe, expect, it } from "vitest";
import { quickEditSchema } from "~/contracts/drafts";
import { quickEditPatch } from "./use-quick-edit-posting";

describe("the quick edit's patch", () => {
  it("sends cents and whole kilometres as people type them, an empty description as cleared", () => {
    expect(
      quickEditPatch({ price: "8.490", specialPrice: "7.990,50", odometerKm: "86.200", description: "  " }, true),
    ).toEqual({ price: 849_000, specialPrice: 799_050, odometerKm: 86_200, description: null });
  });

  it("leaves what does not parse for the contract's Slovenian message, and sends no price for rental only", () => {
    const wrong = quickEditSchema.safeParse(
      quickEditPatch({ price: "osem tisoč", specialPrice: null, odometerKm: "veliko", description: "Opis" }, true),
    );
    expect(wrong.success).toBe(false);
    const messages = Object.fromEntries((wrong.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      price: "Vnesite znesek v evrih, npr. 12.500 ali 12.500,50.",
      odometerKm: "Vnesite celo število.",
    });
    expect(quickEditPatch({ price: "", specialPrice: null, odometerKm: "1", description: "x" }, false)).toEqual({
      odometerKm: 1,
      description: "x",
    });
  });
});
