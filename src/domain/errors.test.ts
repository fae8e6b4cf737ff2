import { describe, expect, it } from "vitest";
import { AppError, firstErrorMessage } from "./errors";
import { initialsOf, isRegistered } from "./user";

describe("error bodies", () => {
  it("AppError serialises to the spec's shape", () => {
    const e = new AppError(409, "Oglas je že objavljen.", {
      fieldErrors: [{ field: "status", kind: "INVALID", message: "Ni dovoljeno." }],
    });
    expect(e.toBody()).toEqual({
      message: "Oglas je že objavljen.",
      statusCode: 409,
      fieldErrors: [{ field: "status", kind: "INVALID", message: "Ni dovoljeno." }],
      errors: [{ message: "Oglas je že objavljen." }],
    });
  });
  it("takes the first field message, else the first error, else the unknown-error text", () => {
    expect(firstErrorMessage({ fieldErrors: [{ message: "A" }], errors: [{ message: "B" }] })).toBe("A");
    expect(firstErrorMessage({ fieldErrors: [], errors: [{ message: "B" }] })).toBe("B");
    expect(firstErrorMessage(null)).toBe("Napaka, prosimo poskusite kasneje.");
    expect(firstErrorMessage("<html>")).toBe("Napaka, prosimo poskusite kasneje.");
  });
});

describe("user helpers", () => {
  it("counts a user as registered when a first or last name is present", () => {
    expect(isRegistered({ firstName: "Ana", lastName: null })).toBe(true);
    expect(isRegistered({ firstName: " ", lastName: "Novak" })).toBe(true);
    expect(isRegistered({ firstName: null, lastName: "  " })).toBe(false);
    expect(isRegistered(null)).toBe(false);
  });
  it("builds initials from names, else the e-mail", () => {
    expect(initialsOf({ firstName: "čebela", lastName: "Žnidar", email: null })).toBe("ČŽ");
    expect(initialsOf({ firstName: null, lastName: null, email: "nov@primer.si" })).toBe("N");
  });
});
