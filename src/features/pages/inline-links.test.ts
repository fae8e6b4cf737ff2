import { describe, expect, it } from "vitest";
import { inlineParts } from "./inline-links";

describe("inlineParts", () => {
  it("splits text around links", () => {
    expect(inlineParts("Preberite [pogoje](/splosni-pogoji) in [pišite nam](mailto:pomoc@avtotrg.si).")).toEqual([
      { text: "Preberite " },
      { text: "pogoje", href: "/splosni-pogoji" },
      { text: " in " },
      { text: "pišite nam", href: "mailto:pomoc@avtotrg.si" },
      { text: "." },
    ]);
  });

  it("leaves plain text and unsafe links as text", () => {
    expect(inlineParts("Brez povezav.")).toEqual([{ text: "Brez povezav." }]);
    expect(inlineParts("[klik](javascript:alert(1))")).toEqual([{ text: "[klik](javascript:alert(1)" }, { text: ")" }]);
  });
});
