import { describe, expect, it } from "vitest";
import { canManageSalespeople, formatSlovenianMobile, salespersonLabel } from "./dealer-people";

describe("dealer people helpers", () => {
  it("lets only the head or an admin manage salespeople", () => {
    expect(canManageSalespeople({ amzsAdmin: false, dealership: { code: "a", publicName: "A", role: "HEAD" } })).toBe(
      true,
    );
    expect(
      canManageSalespeople({ amzsAdmin: false, dealership: { code: "a", publicName: "A", role: "SALESPERSON" } }),
    ).toBe(false);
    expect(canManageSalespeople({ amzsAdmin: true, dealership: null })).toBe(true);
    expect(canManageSalespeople({ amzsAdmin: false, dealership: null })).toBe(false);
    expect(canManageSalespeople(null)).toBe(false);
  });

  it("labels a salesperson by name, else by phone, and writes mobiles the Slovenian way", () => {
    expect(salespersonLabel({ firstName: "Sara", lastName: "Vidmar", phoneNumber: "+38641000006" })).toBe(
      "Sara Vidmar",
    );
    expect(salespersonLabel({ firstName: null, lastName: null, phoneNumber: "+38641000006" })).toBe("+386 41 000 006");
    expect(formatSlovenianMobile("+38641000006")).toBe("+386 41 000 006");
    expect(formatSlovenianMobile("+4915112345678")).toBe("+49 151 123 456 78");
  });
});
