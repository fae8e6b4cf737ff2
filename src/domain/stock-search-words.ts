/**
 * The words of a stock or admin postings search (decision 070). Each word is folded (lower case, no
 * diacritics: "ŠKODA", "Škoda" and "skoda" are one word) and must match the posting on its own, so the
 * words may come in any order ("kodiaq škoda", "2019 passat").
 */

/** At most this many words count; the rest of a pasted text is ignored. */
export const maxSearchWords = 8;
/** A longer word is cut to this length (a VIN is 17 characters; nothing a posting holds is longer). */
export const maxSearchWordLength = 32;

/**
 * Letters folded by the database too (its lower() folds ASCII only): each pair is the letter and what it
 * becomes. Upper and lower case both, as the columns keep their capitals. Covers every non-ASCII letter
 * of the catalogue (Škoda, Citroën, Sirion's "é") and the Slovenian and neighbouring alphabets.
 */
export const foldedLetters: readonly (readonly [string, string])[] = [
  ["č", "c"],
  ["Č", "c"],
  ["š", "s"],
  ["Š", "s"],
  ["ž", "z"],
  ["Ž", "z"],
  ["ć", "c"],
  ["Ć", "c"],
  ["đ", "d"],
  ["Đ", "d"],
  ["é", "e"],
  ["É", "e"],
  ["è", "e"],
  ["ë", "e"],
  ["ò", "o"],
  ["ó", "o"],
  ["ö", "o"],
  ["Ö", "o"],
  ["ü", "u"],
  ["Ü", "u"],
  ["ä", "a"],
  ["Ä", "a"],
  ["á", "a"],
  ["í", "i"],
];

/** Separators inside a name ("e-tron", "CX-5", "A/T"); a dot stays ("1.6 TDI") count as spaces, in the query and in the columns. */
export const wordSeparators: readonly string[] = ["-", "/", "(", ")", ","];

/** Lower case without diacritics, separators as spaces: what the database compares. */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/đ/g, "d")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[-/(),]/g, " ");
}

/** A 4-digit word that may be a year (first registration or model year). */
export const isYearWord = (word: string) => /^(19|20)\d\d$/.test(word);

/** The folded words of a search, at most `maxSearchWords`, duplicates dropped; none for an empty query. */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  const words = foldSearchText(query)
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.slice(0, maxSearchWordLength));
  return [...new Set(words)].slice(0, maxSearchWords);
}
