import { describe, expect, it } from "vitest";
import {
  adminDealershipInputSchema,
  adminSalespersonInputSchema,
  creditDaysInputSchema,
  networkInputSchema,
} from "./admin-dealers";

const valid = {
  name: "Avtohiša Test d.o.o.",
  subscriptionEndDate: "2030-12-31",
  buyerNumber: "ERP-1",
  taxNumber: "SI 80267432",
  registrationNumber: "5860571000",
  responsibleFirstName: "Maja",
  responsibleLastName: "Kovač",
  responsiblePhone: "041 123 456",
  responsibleEmail: "maja@primer.si",
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("adminDealershipInputSchema", () => {
  it("normalises what admins type: tax number, mobile, web address; empty optional fields become null", () => {
    const r = adminDealershipInputSchema.parse({
      ...valid,
      webPage: "www.test.si",
      email: " ",
      brands: ["bmw", "bmw"],
      networkCode: "",
    });
    expect(r).toMatchObject({
      taxNumber: "80267432",
      responsiblePhone: "+38641123456",
      webPage: "https://www.test.si",
      email: null,
      brands: ["bmw"],
      networkCode: null,
      region: null,
      remark: null,
    });
  });

  it("says which required field is missing, in the spec's words", () => {
    expect(messages(adminDealershipInputSchema.safeParse({}))).toEqual([
      "name: Ime podjetja ne sme biti prazno!",
      "subscriptionEndDate: Datum konca naročnine ne sme biti prazen!",
      "buyerNumber: Številka kupca ne sme biti prazna!",
      "taxNumber: Davčna številka ne sme biti prazna!",
      "registrationNumber: Matična številka ne sme biti prazna!",
      "responsibleFirstName: Ime ne sme biti prazno!",
      "responsibleLastName: Priimek ne sme biti prazen!",
      "responsiblePhone: Telefon ne sme biti prazen!",
      "responsibleEmail: E-pošta ne sme biti prazna!",
    ]);
  });

  it("refuses a wrong e-mail, a landline for the responsible person, a bad tax number and reversed hours", () => {
    expect(
      messages(
        adminDealershipInputSchema.safeParse({
          ...valid,
          responsibleEmail: "maja@primer",
          responsiblePhone: "01 234 56 78",
          taxNumber: "12345678",
          weekdayFrom: "17:00",
          weekdayTo: "08:00",
        }),
      ),
    ).toEqual([
      "taxNumber: Davčna številka ni veljavna!",
      "responsiblePhone: Dovoljene so le slovenske mobilne številke.",
      "responsibleEmail: Napačen zapis email!",
      "weekdayTo: Ura odprtja mora biti pred uro zaprtja.",
    ]);
  });
});

describe("creditDaysInputSchema", () => {
  it("takes whole days greater than 0 only", () => {
    expect(creditDaysInputSchema.parse({ amount: 30 })).toEqual({ amount: 30, reason: null });
    for (const amount of [0, -1, 2.5, "5", undefined, Number.NaN])
      expect(messages(creditDaysInputSchema.safeParse({ amount }))).toEqual([
        "amount: Število dni mora biti število, večje od 0!",
      ]);
    expect(messages(creditDaysInputSchema.safeParse({ amount: 4000 }))).toEqual([
      "amount: Naenkrat lahko dodate največ 3650 dni.",
    ]);
  });
});

describe("networkInputSchema and adminSalespersonInputSchema", () => {
  it("needs a network name and a Slovenian mobile for a salesperson", () => {
    expect(messages(networkInputSchema.safeParse({ name: "  " }))).toEqual([
      "name: Ime poslovne mreže ne sme biti prazno!",
    ]);
    expect(
      messages(
        adminSalespersonInputSchema.safeParse({
          dealershipCode: "avto-test",
          phoneNumber: "+385 91 123 4567",
          firstName: "Nejc",
          lastName: "Bizjak",
        }),
      ),
    ).toEqual(["phoneNumber: Dovoljene so le slovenske mobilne številke."]);
    expect(
      adminSalespersonInputSchema.parse({
        dealershipCode: "avto-test",
        phoneNumber: "070 123 456",
        firstName: "Nejc",
        lastName: "Bizjak",
      }).phoneNumber,
    ).toBe("+38670123456");
  });
});
