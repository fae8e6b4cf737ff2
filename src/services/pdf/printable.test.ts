import { describe, expect, it } from "vitest";
import { printable } from "./printable.server";

// Stands in for the subset fonts' cmap: printable ASCII, č š ž, € and the typographic quotes.
const chars = new Set(
  Array.from(
    " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzčšž€„“",
    (c) => c.codePointAt(0) ?? 0,
  ),
);

describe("printable", () => {
  it("keeps what the fonts hold, as it is", () => {
    expect(printable("škoda? ne: „Golf“ za 9.990 €", chars)).toBe("škoda? ne: „Golf“ za 9.990 €");
    expect(printable("  dvojni  presledki ostanejo  ", chars)).toBe("  dvojni  presledki ostanejo  ");
  });

  it("prints compatibility forms as their letters and drops the rest, collapsing the spaces left", () => {
    expect(printable("ﬁna ạvto Š", chars)).toBe("fina avto S");
    expect(printable("Super 🚗 avto", chars)).toBe("Super avto");
    expect(printable("Иван Петров", chars)).toBe("");
    expect(printable("Golf (Гольф) 👍🏽", chars)).toBe("Golf ()");
  });

  it("composes decomposed letters first (c + ˇ is č)", () => {
    expect(printable("c\u030cevapi", chars)).toBe("čevapi");
  });
});
