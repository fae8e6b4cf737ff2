import { describe, expect, it } from "vitest";
import {
  dealerSignupInputSchema,
  dealerSignupMessages as msg,
  extractFileProblem,
  fieldMessages,
} from "./dealer-signup";

const valid = {
  companyName: " Avto d.o.o. ",
  taxNumber: "SI 80267432",
  registrationNumber: "5860571 000",
  firstName: "Maja",
  lastName: "Kovač",
  email: "maja@primer.si",
  phoneNumber: "041 123 456",
  pin: "01234",
};

describe("dealerSignupInputSchema", () => {
  it("normalises what it accepts: trimmed names, bare tax and registration numbers, canonical mobile", () => {
    expect(dealerSignupInputSchema.parse(valid)).toEqual({
      ...valid,
      companyName: "Avto d.o.o.",
      taxNumber: "80267432",
      registrationNumber: "5860571000",
      phoneNumber: "+38641123456",
    });
  });

  it("gives one message per field, the first problem of each", () => {
    const result = dealerSignupInputSchema.safeParse({ ...valid, taxNumber: "12", pin: "1234a" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldMessages(result.error)).toEqual({ taxNumber: msg.taxNumberFormat, pin: msg.pinInvalid });
  });
});

describe("extractFileProblem", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it("needs a file that is not empty", () => {
    expect(extractFileProblem(null)).toBe(msg.extractRequired);
    expect(extractFileProblem(file("a.pdf", "application/pdf", 0))).toBe(msg.extractRequired);
  });
  it("takes PDFs and pictures up to the size limit, by type or (without a type) by name", () => {
    expect(extractFileProblem(file("a.pdf", "application/pdf"))).toBeNull();
    expect(extractFileProblem(file("a.webp", "image/webp"))).toBeNull();
    expect(extractFileProblem(file("sken.JPG", ""))).toBeNull();
    expect(extractFileProblem(file("a.pdf", "application/pdf", 16 * 1024 * 1024))).toBe(msg.extractTooLarge);
  });
  it("refuses other kinds of files", () => {
    expect(
      extractFileProblem(file("a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")),
    ).toBe(msg.extractUnsupported);
    expect(extractFileProblem(file("a.heic", "image/heic"))).toBe(msg.extractUnsupported);
  });
});
