import { describe, expect, it } from "vitest";
import { fold, markUsed, phraseAt, spanFree, type Token, tokenize } from "./tokens";

const texts = (tokens: readonly Token[]) => tokens.map((tok) => tok.t);

describe("tokens", () => {
  it("folds case, diacritics, đ, × and €", () => {
    expect(fold("ŠKODA Đurđa 4×4 15€")).toBe("skoda durda 4x4 15 eur ");
  });

  it("joins thousands written with dots, commas or spaces and keeps decimals", () => {
    expect(texts(tokenize("15.000 € 15,000 15 000 1.6 TDI"))).toEqual(["15000", "eur", "15000", "15000", "1.6", "tdi"]);
    expect(tokenize("1,6")[0]?.num).toBe(1.6);
  });

  it("records what stood before each token", () => {
    const tokens = tokenize("x5 x 5, 10-20 c/e");
    expect(tokens.map((tok) => [tok.t, tok.sep, tok.spaced])).toEqual([
      ["x", "start", false],
      ["5", "glue", false],
      ["x", "space", true],
      ["5", "space", true],
      ["10", "break", true],
      ["20", "dash", false],
      ["c", "space", true],
      ["e", "slash", false],
    ]);
  });

  it("matches a phrase only over free tokens that do not cross a break", () => {
    const words = [/^temno$/, /^siva$/];
    expect(phraseAt(tokenize("temno siva"), 0, words)).toBe(true);
    expect(phraseAt(tokenize("temno, siva"), 0, words)).toBe(false);
    const used = tokenize("temno siva");
    markUsed(used, 1, 1);
    expect(spanFree(used, 0, 2)).toBe(false);
    expect(phraseAt(used, 0, words)).toBe(false);
  });

  it("bounds the work on pasted garbage", () => {
    expect(tokenize("a ".repeat(5000)).length).toBeLessThanOrEqual(400);
  });
});
