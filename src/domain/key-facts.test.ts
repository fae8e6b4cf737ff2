import { describe, expect, it } from "vitest";
import { keyFacts } from "./key-facts";
import { electric, empty, full } from "./spec-rows.fixtures";

describe("keyFacts", () => {
  it("gives first registration, mileage, fuel, power in kW and KM, gearbox and body, in that order", () => {
    expect(keyFacts(full).map((f) => [f.label, f.value])).toEqual([
      ["Prva registracija", "03/2019"],
      ["Prevoženi kilometri", "85.000 km"],
      ["Gorivo", "Dizel"],
      ["Moč", "110 kW (150 KM)"],
      ["Menjalnik", "Avtomatski"],
      ["Oblika karoserije", "SUV"],
    ]);
  });

  it("falls back to the model year without a first registration and leaves out what the posting lacks", () => {
    const noDate = { vehicle: { ...full.vehicle, firstRegistration: null, bodyType: null } };
    expect(keyFacts(noDate).map((f) => f.key)).toEqual(["modelYear", "odometerKm", "fuel", "powerKw", "transmission"]);
    expect(keyFacts(noDate)[0]).toMatchObject({ label: "Letnik", value: "2019" });
    expect(keyFacts(empty)).toEqual([]);
  });

  it("shows a new car's 0 km (a real fact) as the spec table does", () => {
    expect(keyFacts(electric).find((f) => f.key === "odometerKm")?.value).toBe("0 km");
  });
});
