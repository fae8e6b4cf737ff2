import { describe, expect, it } from "vitest";
import { isWebAddress, withWebScheme } from "./web-address";

describe("web addresses", () => {
  it("reads an address without a scheme as https", () => {
    expect(withWebScheme(" www.amzs.si/revija ")).toBe("https://www.amzs.si/revija");
    expect(withWebScheme("http://primer.si")).toBe("http://primer.si");
    expect(withWebScheme("javascript:alert(1)")).toBe("javascript:alert(1)");
  });
  it("accepts only http(s) with a real host name", () => {
    expect(isWebAddress("https://www.amzs.si/revija?id=3")).toBe(true);
    expect(isWebAddress("http://primer.si")).toBe(true);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("ftp://primer.si/a")).toBe(false);
    expect(isWebAddress("https://localhost/a")).toBe(false);
    expect(isWebAddress("https://ana:geslo@primer.si")).toBe(false);
    expect(isWebAddress("https://ni veljavno")).toBe(false);
    expect(isWebAddress("")).toBe(false);
  });
});
