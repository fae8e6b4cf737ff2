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

  it("remembers where each token stood in the original text", () => {
    const text = "Škoda 15.000 € prtljažnikom";
    expect(tokenize(text).map((tok) => text.slice(tok.from, tok.to))).toEqual(["Škoda", "15.000", "€", "prtljažnikom"]);
    const decomposed = "prtljaz\u030cnikom vec\u030c";
    expect(tokenize(decomposed).map((tok) => decomposed.slice(tok.from, tok.to))).toEqual([
      "prtljaz\u030cnikom",
      "vec\u030c",
    ]);
  });

  it("joins a case ending written after a hyphen to its word", () => {
    const text = "BMW-ja in VW-jem, t-roc";
    const tokens = tokenize(text);
    expect(texts(tokens)).toEqual(["bmw", "in", "vw", "t", "roc"]);
    expect(text.slice(tokens[0]?.from, tokens[0]?.to)).toBe("BMW-ja");
  });

  it("reads numbers written in words, keeping a lone 'tisoč' as the multiplier", () => {
    expect(texts(tokenize("petnajst tisoč"))).toEqual(["15", "tisoc"]);
    expect(texts(tokenize("sto petdeset konjev"))).toEqual(["150", "konjev"]);
    expect(texts(tokenize("dva tisoč šestnajst"))).toEqual(["2016"]);
    expect(texts(tokenize("petindvajset jurjev"))).toEqual(["25", "jurjev"]);
    expect(texts(tokenize("pet šest"))).toEqual(["5", "6"]);
    const text = "do sto tisoč km";
    const hundred = tokenize(text)[1];
    expect(hundred?.num).toBe(100);
    expect(text.slice(hundred?.from, hundred?.to)).toBe("sto");
  });
});
