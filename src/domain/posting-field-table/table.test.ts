import { describe, expect, expectTypeOf, it } from "vitest";
import { type DraftView, draftEnumFields, draftUpdateSchema } from "~/contracts/drafts";
import type { VehicleFieldValues } from "./table";
import { fieldEntry, fieldSpecRows, patchColumns, postingFieldKeys, readFields, vehicleFieldKeys } from "./table";
import { postingFieldShape } from "./schema";

describe("the posting-field table", () => {
  it("gives the draft update schema every field, with its Slovenian messages", () => {
    for (const k of postingFieldKeys) expect(draftUpdateSchema.shape[k]).toBe(postingFieldShape[k]);
    const bad = draftUpdateSchema.safeParse({ seats: "pet", condition: "NOVO", firstRegistration: "2019-13" });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      seats: "Vnesite celo število.",
      condition: "Izberite vrednost s seznama.",
      firstRegistration: "Vnesite mesec in leto (MM/LLLL).",
    });
  });

  it("patches the columns of what was sent (null clears, absent stays, the price type keeps a null)", () => {
    expect(patchColumns({ condition: "USED", seats: null, co2: 120, priceType: null, leaseTakeover: true })).toEqual({
      postings: { vehicleCondition: "USED", seats: null },
      details: { co2: 120, leaseTakeover: true },
    });
  });

  it("reads the views by column: booleans never null, a missing details row gives nulls", () => {
    const values = readFields(["condition", "co2", "leaseTakeover", "metallic"], {
      postings: { vehicleCondition: "USED", metallic: true },
      details: null,
    });
    expect(values).toEqual({ condition: "USED", co2: null, leaseTakeover: false, metallic: true });
  });

  it("places every enumerated field POST draft takes, and every vehicle field, in the table", () => {
    for (const k of Object.keys(draftEnumFields)) expect(postingFieldKeys).toContain(k);
    expect(vehicleFieldKeys).toContain("seats");
    expect(vehicleFieldKeys).not.toContain("price");
    expect(fieldEntry("price").kind).toBe("money");
    expect(fieldSpecRows.map((r) => r.key)).toContain("airbags");
  });

  it("types the enumerated fields of the views as their codes, so a wrong code fails tsc", () => {
    expectTypeOf<DraftView["condition"]>().toEqualTypeOf<"BRAND_NEW" | "TESTING" | "USED" | null>();
    expectTypeOf<DraftView["arrivalState"]>().toEqualTypeOf<"ARRIVING" | "READY" | null>();
    expectTypeOf<DraftView["wizardStep"]>().toEqualTypeOf<
      "trim" | "details" | "pictures" | "warranty" | "advertising" | null
    >();
    expectTypeOf<DraftView["rentalPrices"][number]["interval"]>().toEqualTypeOf<
      "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY"
    >();
    expectTypeOf<VehicleFieldValues["fuel"]>().not.toEqualTypeOf<string | null>();
    // @ts-expect-error: not a price type
    const wrong: DraftView["priceType"] = "CHEAP";
    expect(wrong).toBe("CHEAP");
    // Free text stays a string.
    expectTypeOf<DraftView["description"]>().toEqualTypeOf<string | null>();
  });
});
