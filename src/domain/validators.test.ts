import { describe, it, expect } from "vitest";
import type { z } from "zod";
import {
  digitsOnly,
  digitsOnlySchema,
  emailSchema,
  firstNameSchema,
  isValidVin,
  lastNameSchema,
  missingFirstnameKey,
  missingLastnameKey,
  nameSchema,
  normalizePhone,
  normalizeVin,
  phoneSchema,
  pinSchema,
  slovenianMobileSchema,
  toSlovenianMobile,
  validationMessages,
  vinSchema,
} from "./validators";

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("emailSchema", () => {
  it.each(["ana@example.si", "  janez.novak+avto@mail.co.uk ", "a@b.cd"])("accepts %j", (v) => {
    expect(emailSchema.parse(v)).toBe(v.trim());
  });

  it.each(["ana", "ana@", "ana@example", "ana@example.c", "ana @example.si", "@example.si", "ana@example.s1"])(
    "rejects %j",
    (v) => {
      expect(messages(emailSchema, v)).toEqual([validationMessages.emailInvalid]);
    },
  );

  it("reports only the required message for empty input", () => {
    expect(messages(emailSchema, "")).toEqual(["Vnesite e-poštni naslov."]);
    expect(messages(emailSchema, "   ")).toEqual(["Vnesite e-poštni naslov."]);
    expect(messages(emailSchema, undefined)).toEqual(["Vnesite e-poštni naslov."]);
  });

  it("uses the exact invalid message", () => {
    expect(validationMessages.emailInvalid).toBe("Neveljaven naslov elektronske pošte");
  });
});

describe("phoneSchema", () => {
  it.each([
    ["+386 41 123 456", "+38641123456"],
    ["041-123-456", "041-123-456"],
    ["041123456", "041123456"],
    ["01 234 56 78", "012345678"],
    ["+43 664 1234567", "+436641234567"],
    [" 040 123 456 ", "040123456"],
    ["123456", "123456"],
  ])("accepts %j as %j", (input, output) => {
    expect(phoneSchema.parse(input)).toBe(output);
  });

  it.each([
    "",
    "12345",
    "abc",
    "041 12a 456",
    "++386 41 123 456",
    "041--123",
    "-041123456",
    "041123456-",
    "1234567890123456",
    "041 123 456 ext. 2",
  ])("rejects %j", (v) => {
    expect(messages(phoneSchema, v)).toEqual(["Neveljavna telefonska številka."]);
  });

  it("normalizePhone strips spaces only", () => {
    expect(normalizePhone(" +386 41 123 456 ")).toBe("+38641123456");
    expect(normalizePhone("041-123-456")).toBe("041-123-456");
  });
});

describe("slovenianMobileSchema", () => {
  it.each([
    ["041 123 456", "+38641123456"],
    ["051123456", "+38651123456"],
    ["070-123-456", "+38670123456"],
    ["+386 40 123 456", "+38640123456"],
    ["+38640123456", "+38640123456"],
    ["00386 31 123 456", "+38631123456"],
    ["+386 (0)41 123 456", "+38641123456"],
    ["041/123-456", "+38641123456"],
    ["030 123 456", "+38630123456"],
    ["071 123 456", "+38671123456"],
    ["064 123 456", "+38664123456"],
  ])("accepts %j as %j", (input, output) => {
    expect(slovenianMobileSchema.parse(input)).toBe(output);
  });

  it.each([
    "01 234 56 78",
    "02 234 56 78",
    "+386 1 234 56 78",
    "+43 664 123456",
    "+385 91 123 4567",
    "041 123 45",
    "041 123 4567",
    "042 123 456",
    "",
    "mobitel",
  ])("rejects %j", (v) => {
    expect(messages(slovenianMobileSchema, v)).toEqual(["Dovoljene so le slovenske mobilne številke."]);
  });

  it("toSlovenianMobile returns null for non-mobiles", () => {
    expect(toSlovenianMobile("01 234 56 78")).toBeNull();
    expect(toSlovenianMobile("068 123 456")).toBe("+38668123456");
  });
});

describe("pinSchema", () => {
  it("accepts exactly five digits", () => {
    expect(pinSchema.parse("12345")).toBe("12345");
    expect(pinSchema.parse("00000")).toBe("00000");
    expect(pinSchema.parse(" 54321 ")).toBe("54321");
  });

  it.each(["1234", "123456", "12a45", "", "12 345"])("rejects %j", (v) => {
    expect(messages(pinSchema, v)).toEqual(["Koda mora imeti 5 številk."]);
  });

  it("rejects non-strings with the same message", () => {
    expect(messages(pinSchema, 12345)).toEqual(["Koda mora imeti 5 številk."]);
  });
});

describe("VIN", () => {
  it("normalizes spaces, dashes and case", () => {
    expect(normalizeVin("wvw zzz1k-zaw123456")).toBe("WVWZZZ1KZAW123456");
    expect(normalizeVin(" wvw\tzzz ")).toBe("WVWZZZ");
  });

  it("accepts and normalises a valid VIN", () => {
    expect(vinSchema.parse("wvw zzz1k-zaw123456")).toBe("WVWZZZ1KZAW123456");
    expect(vinSchema.parse("WBA3A5C55DF123456")).toBe("WBA3A5C55DF123456");
    expect(isValidVin("wvw zzz1k-zaw123456")).toBe(true);
  });

  it.each([
    ["contains O", "WVWZZZ1KZAO123456"],
    ["contains I", "WVWZZZ1KZAI123456"],
    ["contains Q", "WVWZZZ1KZAQ123456"],
    ["lower-case o", "wvwzzz1kzao123456"],
    ["16 chars", "WVWZZZ1KZAW12345"],
    ["18 chars", "WVWZZZ1KZAW1234567"],
    ["empty", ""],
    ["symbols", "WVWZZZ1KZAW12345!"],
  ])("refuses a VIN that %s", (_label, v) => {
    expect(messages(vinSchema, v)).toEqual(["Številka šasije ni veljavna."]);
    expect(isValidVin(v)).toBe(false);
  });

  it("uses the exact message for non-string input", () => {
    expect(messages(vinSchema, 12345678901234567)).toEqual(["Številka šasije ni veljavna."]);
  });
});

describe("names", () => {
  it("trims and accepts two or more characters", () => {
    expect(firstNameSchema.parse("  Ana ")).toBe("Ana");
    expect(lastNameSchema.parse("Ož")).toBe("Ož");
    expect(nameSchema.parse("Li")).toBe("Li");
  });

  it("rejects too-short names with the specific message", () => {
    expect(messages(firstNameSchema, "A")).toEqual(["Vnesite ime (vsaj 2 znaka)."]);
    expect(messages(firstNameSchema, "  A  ")).toEqual(["Vnesite ime (vsaj 2 znaka)."]);
    expect(messages(lastNameSchema, "")).toEqual(["Vnesite priimek (vsaj 2 znaka)."]);
    expect(messages(lastNameSchema, undefined)).toEqual(["Vnesite priimek (vsaj 2 znaka)."]);
    expect(messages(nameSchema, "x")).toEqual([validationMessages.nameTooShort]);
  });

  it("exports the legacy i18n keys", () => {
    expect(missingFirstnameKey).toBe("error.missingFirstname");
    expect(missingLastnameKey).toBe("error.missingLastname");
  });
});

describe("digits", () => {
  it("digitsOnlySchema accepts only digits", () => {
    expect(digitsOnlySchema.parse("0123")).toBe("0123");
    for (const bad of ["", "12 3", "12a", "-1", "1.5", "١٢٣"]) {
      expect(messages(digitsOnlySchema, bad)).toEqual(["Vnesite samo številke."]);
    }
  });

  it("digitsOnly strips everything else", () => {
    expect(digitsOnly("041 123-456")).toBe("041123456");
    expect(digitsOnly("abc")).toBe("");
    expect(digitsOnly("1.234,50 €")).toBe("123450");
  });
});
