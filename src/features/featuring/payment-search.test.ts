import { describe, expect, it } from "vitest";
import { choiceFromSearch, packagesSearch, paymentReturnSearch } from "./payment-search";

describe("the addresses a checkout returns to (decision 062)", () => {
  it("a cancel carries its reason and the choice; anything else on the payment page is a failure", () => {
    expect(paymentReturnSearch({ razlog: "preklicano", paket: "EXPOSED", dni: "30" })).toEqual({
      razlog: "preklicano",
      paket: "EXPOSED",
      dni: "30",
    });
    expect(paymentReturnSearch({})).toEqual({});
    expect(paymentReturnSearch({ razlog: "napaka", paket: "EXPOSED", dni: "30" })).toEqual({});
  });

  it("the packages page keeps only a real package and a whole number of days", () => {
    expect(packagesSearch({ placilo: "preklicano", paket: "STANDARD", dni: 7 })).toEqual({
      placilo: "preklicano",
      paket: "STANDARD",
      dni: "7",
    });
    expect(packagesSearch({ paket: "GOLD", dni: "7" })).toEqual({});
    expect(packagesSearch({ paket: "STANDARD", dni: "7; drop" })).toEqual({});
    expect(packagesSearch({ placilo: "da" })).toEqual({});
    expect(choiceFromSearch({ paket: "EXPOSED", dni: "30" })).toEqual({ package: "EXPOSED", days: 30 });
    expect(choiceFromSearch({})).toBeNull();
  });
});
