import { describe, expect, it } from "vitest";
import { dealerPageInputSchema, dealerPageQuerySchema } from "./dealerships";

const base = { publicName: "Avto Test" };
const issues = (input: Record<string, unknown>) => {
  const r = dealerPageInputSchema.safeParse({ ...base, ...input });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("dealer page form", () => {
  it("turns empty fields into null, adds https:// to bare addresses and drops unknown keys", () => {
    const r = dealerPageInputSchema.parse({
      ...base,
      address: "  ",
      webPage: "www.avto-test.si",
      brands: ["bmw", "bmw", "audi"],
      advertisingDays: 999,
    });
    expect(r.address).toBeNull();
    expect(r.webPage).toBe("https://www.avto-test.si");
    expect(r.brands).toEqual(["bmw", "audi"]);
    expect(r).not.toHaveProperty("advertisingDays");
  });

  it("refuses non-web addresses such as javascript: and data:", () => {
    expect(issues({ facebook: "javascript:alert(1)" })).toEqual([
      "facebook: Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
    ]);
    expect(issues({ youtube: "data:text/html,hi" })).toHaveLength(1);
    expect(issues({ webPage: "ftp://primer.si" })).toHaveLength(1);
    expect(issues({ instagram: "https://instagram" })).toHaveLength(1);
    expect(issues({ tiktok: "https://www.tiktok.com/@avto" })).toEqual([]);
  });

  it("checks the hours in pairs with the Slovenian messages", () => {
    expect(issues({ saturdayFrom: "13:00", saturdayTo: "09:00" })).toEqual([
      "saturdayTo: Ura odprtja mora biti pred uro zaprtja.",
    ]);
    expect(issues({ weekdayFrom: "08:00" })).toEqual(["weekdayTo: Vnesite obe uri (od in do) ali nobene."]);
    expect(issues({ weekdayFrom: "8", weekdayTo: "16:00" })).toEqual([
      "weekdayFrom: Vnesite uro v obliki HH:MM (npr. 08:00).",
    ]);
    expect(issues({ weekdayFrom: "08:00", weekdayTo: "16:00", saturdayFrom: "", saturdayTo: "" })).toEqual([]);
  });

  it("requires the public name and checks e-mail, phone and postal code", () => {
    expect(issues({ publicName: " " })).toEqual(["publicName: Vnesite javno ime trgovca."]);
    expect(issues({ publicName: "", saturdayFrom: "14:00", saturdayTo: "13:00" })).toEqual([
      "publicName: Vnesite javno ime trgovca.",
      "saturdayTo: Ura odprtja mora biti pred uro zaprtja.",
    ]);
    expect(issues({ email: "info@", phone: "abc", postalCode: "40000" })).toEqual([
      "postalCode: Poštna številka ima 4 števke.",
      "email: Neveljaven naslov elektronske pošte",
      "phone: Neveljavna telefonska številka.",
    ]);
  });

  it("reads the remove flags of the query", () => {
    expect(dealerPageQuerySchema.parse({ removeLogo: "true" })).toEqual({ removeLogo: true, removeBanner: false });
    expect(dealerPageQuerySchema.safeParse({ removeBanner: "yes" }).success).toBe(false);
  });
});
