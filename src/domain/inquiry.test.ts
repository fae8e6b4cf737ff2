import { describe, expect, it } from "vitest";
import { mailboxKey, toggleChoiceInMessage } from "./inquiry";

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

describe("mailboxKey", () => {
  it("counts one inbox once: case, a +tag and Gmail's dots do not make a new sender", () => {
    expect(mailboxKey("Zrtev+3@Primer.si")).toBe("zrtev@primer.si");
    expect(mailboxKey(" zrtev@primer.si ")).toBe("zrtev@primer.si");
    expect(mailboxKey("a.b.c+x@googlemail.com")).toBe("abc@gmail.com");
    expect(mailboxKey("a.b@primer.si")).toBe("a.b@primer.si");
    expect(mailboxKey("+only@primer.si")).toBe("+only@primer.si");
  });
});
