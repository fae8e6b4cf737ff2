import { describe, expect, it } from "vitest";
import { foldedLetters, foldSearchText, isYearWord, maxSearchWords, searchWords } from "./stock-search-words";

describe("stock search words", () => {
  it("folds case and diacritics the way users type them", () => {
    for (const q of ["škoda", "Škoda", "ŠKODA", "skoda", "SKODA"]) expect(searchWords(q)).toEqual(["skoda"]);
    expect(searchWords("Citroën Ë č Ć đ Đ ž")).toEqual(["citroen", "e", "c", "d", "z"]);
  });

  it("splits on spaces and name separators, keeps dots, drops duplicates and empty words", () => {
    expect(searchWords("  kodiaq   Škoda ")).toEqual(["kodiaq", "skoda"]);
    expect(searchWords("e-up! CX-5 A/T (RS), 2.0")).toEqual(["e", "up!", "cx", "5", "a", "t", "rs", "2.0"]);
    expect(searchWords("kodiaq KODIAQ Kodiaq")).toEqual(["kodiaq"]);
    expect(searchWords("")).toEqual([]);
    expect(searchWords("   ")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it("keeps at most 8 words of 32 characters", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(maxSearchWords);
    expect(searchWords("x".repeat(60))).toEqual(["x".repeat(32)]);
  });

  it("keeps SQL's wildcards and quotes as plain characters", () => {
    expect(searchWords('% _ \' "kodiaq"')).toEqual(["%", "_", "'", '"kodiaq"']);
  });

  it("knows a year", () => {
    expect(["2019", "1998"].map(isYearWord)).toEqual([true, true]);
    expect(["219", "20190", "3019", "abcd"].map(isYearWord)).toEqual([false, false, false, false]);
  });

  it("folds in the database what it folds in the query", () => {
    for (const [letter, plain] of foldedLetters) expect(foldSearchText(letter)).toBe(plain);
  });
});
