import { describe, expect, it } from "vitest";
import { equipmentAsField, isEquipmentAsField, tickableEquipmentCodes } from "../equipment";
import { splitEquipmentFields } from "../equipment-input";
import * as rules from "./publish-rules";
import { fieldEntry, postingFieldKeys } from "./table";

describe("the table's audience and required attributes (issue 23)", () => {
  it("marks the dealer-only fields, and the private seller's price types leave out rental and financing", () => {
    expect(rules.dealerOnlyFieldKeys).toEqual([
      "financingPrice",
      "priceWithoutVat",
      "cashDiscount",
      "vatDeductible",
      "arrivalState",
    ]);
    expect(fieldEntry("priceType").dealerValues).toEqual(["WITH_FINANCING", "RENTAL_ONLY"]);
    // No required field is dealer-only, and every required field is shown at once (essential).
    for (const k of postingFieldKeys) {
      const e = fieldEntry(k);
      if (e.required) expect([k, e.audience, e.essential]).toEqual([k, undefined, true]);
    }
  });

  it("requires make, model, year, mileage, fuel, price and region; the price follows its type", () => {
    expect([...rules.requiredNow({ priceType: "NORMAL" })]).toEqual([
      "manufacturer",
      "model",
      "modelYear",
      "odometerKm",
      "fuel",
      "price",
      "contactRegion",
    ]);
    const negotiable = rules.requiredNow({ priceType: "NEGOTIABLE", firstRegistration: "2019-03" });
    expect(negotiable.has("price")).toBe(false);
    expect(negotiable.has("modelYear")).toBe(false);
    const special = rules.requiredNow({ priceType: "SPECIAL_OFFER" });
    expect(special.has("specialPrice")).toBe(true);
    expect(rules.requiredNow({ priceType: "RENTAL_ONLY" }).has("rentalPrices")).toBe(true);
  });

  it("lists what is missing in the form's order with the server's messages; empty lists count as missing", () => {
    expect(rules.missingForPublish({ priceType: "NORMAL", manufacturer: "skoda", odometerKm: 0 })).toEqual([
      { field: "model", kind: "MISSING", message: "Izberite model." },
      { field: "modelYear", kind: "MISSING", message: "Vnesite letnik ali datum prve registracije." },
      { field: "fuel", kind: "MISSING", message: "Izberite vrsto goriva." },
      { field: "price", kind: "MISSING", message: "Vnesite ceno." },
      { field: "contactRegion", kind: "MISSING", message: "Izberite regijo." },
    ]);
    expect(rules.missingForPublish({ priceType: "RENTAL_ONLY", rentalPrices: [] }).map((f) => f.field)).toContain(
      "rentalPrices",
    );
  });

  it("refuses a private seller's dealer-only values but lets them clear such fields", () => {
    expect(
      rules.dealerOnlyErrors({ priceWithoutVat: 100, vatDeductible: true, priceType: "RENTAL_ONLY", price: 5 }),
    ).toEqual([
      { field: "priceWithoutVat", kind: "INVALID", message: rules.dealerOnlyMessage },
      { field: "vatDeductible", kind: "INVALID", message: rules.dealerOnlyMessage },
      { field: "priceType", kind: "INVALID", message: rules.dealerOnlyMessage },
    ]);
    expect(
      rules.dealerOnlyErrors({ priceWithoutVat: null, vatDeductible: false, financingOffers: [], priceType: "NORMAL" }),
    ).toEqual([]);
    expect(rules.dealerOnlyErrors({ rentalPrices: [{ price: 1, interval: "DAILY" }] })[0]?.field).toBe("rentalPrices");
  });
});

describe("4×4 and alloy rims asked once (as fields)", () => {
  it("has no tick for them, and an older client's tick becomes the field's value", () => {
    expect(tickableEquipmentCodes.some(isEquipmentAsField)).toBe(false);
    expect(Object.keys(equipmentAsField)).toEqual(["OTHER_4X4", "OTHER_ALLOY_WHEELS"]);
    const split = splitEquipmentFields([
      { code: "OTHER_4X4", kind: "SERIAL", packageName: null },
      { code: "PARK_CAMERA", kind: "ADDITIONAL", packageName: null },
      { code: "OTHER_ALLOY_WHEELS", kind: "PACKAGE", packageName: "Sport" },
    ]);
    expect(split).toEqual({
      items: [{ code: "PARK_CAMERA", kind: "ADDITIONAL", packageName: null }],
      fields: { driveWheels: "BOTH", rimsMaterial: "ALU" },
    });
  });
});
