import { describe, expect, it } from "vitest";
import { toggleChoiceInMessage } from "./inquiry";

describe("toggleChoiceInMessage", () => {
  it("adds a chip's question on a line of its own and takes it out again, keeping the buyer's words", () => {
    const one = toggleChoiceInMessage("Pozdravljeni,", "AVAILABLE", true);
    expect(one).toBe("Pozdravljeni,\nAli je vozilo še na voljo?");
    const two = toggleChoiceInMessage(one, "VIEWING", true);
    expect(two).toBe("Pozdravljeni,\nAli je vozilo še na voljo?\nMožen ogled?");
    expect(toggleChoiceInMessage(two, "AVAILABLE", false)).toBe("Pozdravljeni,\nMožen ogled?");
  });

  it("fills an empty message and never repeats a question", () => {
    expect(toggleChoiceInMessage("", "TRADE_IN", true)).toBe("Menjava?");
    expect(toggleChoiceInMessage("Menjava?", "TRADE_IN", true)).toBe("Menjava?");
    expect(toggleChoiceInMessage("Menjava?", "TRADE_IN", false)).toBe("");
  });
});
