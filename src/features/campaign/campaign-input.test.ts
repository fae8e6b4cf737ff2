import { describe, expect, it } from "vitest";
import { postingRefFromInput } from "./campaign-input";

describe("postingRefFromInput", () => {
  it("takes the posting from a link, a number or a code", () => {
    expect(postingRefFromInput("https://avtotrg.si/oglas/1234?utm=x")).toBe("1234");
    expect(postingRefFromInput(" 1234 ")).toBe("1234");
    expect(postingRefFromInput("k7m2p9x4qa")).toBe("K7M2P9X4QA");
  });
  it("refuses anything else", () => {
    expect(postingRefFromInput("")).toBeNull();
    expect(postingRefFromInput("https://avtotrg.si/iskanje?x=1")).toBeNull();
    expect(postingRefFromInput("<script>")).toBeNull();
  });
});
