import { describe, expect, it } from "vitest";
import { addSalespersonInputSchema, dealerContactInputSchema } from "./dealer-people";

const messageOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : { message: r.error?.issues[0]?.message, path: r.error?.issues[0]?.path.join(".") };

describe("dealer contact form rules", () => {
  it("needs a name, one of phone or e-mail, and a valid e-mail", () => {
    expect(messageOf(dealerContactInputSchema.safeParse({ name: "", phone: "041 123 456" }))).toEqual({
      message: "Kontakt potrebuje ime",
      path: "name",
    });
    expect(messageOf(dealerContactInputSchema.safeParse({ name: "Prodaja", phone: " ", email: "" }))).toEqual({
      message: "Potrebujemo vsaj enega od kontaktov",
      path: "phone",
    });
    expect(messageOf(dealerContactInputSchema.safeParse({ name: "Prodaja", email: "prodaja@primer" }))).toEqual({
      message: "Neveljaven naslov elektronske pošte",
      path: "email",
    });
    expect(messageOf(dealerContactInputSchema.safeParse({ name: "Prodaja", phone: "abc" }))).toEqual({
      message: "Neveljavna telefonska številka.",
      path: "phone",
    });
  });

  it("keeps only what was entered, with every phone (landlines too) in the one E.164 form (issue 21)", () => {
    expect(dealerContactInputSchema.parse({ name: " Servis ", phone: "041 123 456", email: "", comment: "" })).toEqual({
      name: "Servis",
      phone: "+38641123456",
      email: null,
      comment: null,
      addToAllPostings: false,
    });
    expect(
      dealerContactInputSchema.parse({ name: "Centrala", phone: "04 201 55 00", addToAllPostings: true }).phone,
    ).toBe("+38642015500");
  });
});

describe("salesperson form rules", () => {
  it("accepts only Slovenian mobile numbers and stores them as +386…", () => {
    expect(
      addSalespersonInputSchema.parse({ phoneNumber: "041-000-006", firstName: "Sara", lastName: "Vidmar" })
        .phoneNumber,
    ).toBe("+38641000006");
    expect(
      messageOf(
        addSalespersonInputSchema.safeParse({ phoneNumber: "01 234 56 78", firstName: "Sara", lastName: "Vidmar" }),
      )?.message,
    ).toBe("Dovoljene so le slovenske mobilne številke.");
    expect(
      messageOf(addSalespersonInputSchema.safeParse({ phoneNumber: "041 000 006", firstName: "S", lastName: "Vidmar" }))
        ?.message,
    ).toBe("Vnesite ime (vsaj 2 znaka).");
  });
});
