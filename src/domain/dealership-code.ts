/**
 * The URL code of a dealership's public page (`/trgovec/{code}`), made from its company name.
 * Pure: the caller supplies the codes already taken.
 */

/**
 * Codes a dealership can never get: static pages beside `/trgovec/{code}` would hide its page, and the
 * dealer calls beside `dealer/{code}` (salespeople, contacts, statistics) would hide its admin calls.
 */
export const reservedDealershipCodes: ReadonlySet<string> = new Set([
  "registracija",
  "salespeople",
  "contacts",
  "statistics",
]);

/** Longest code the dealer page route accepts (`^[a-z0-9-]{1,60}$`); room is left for a "-NN" suffix. */
const maxBaseLength = 50;

// Legal-form suffixes at the end of Slovenian company names, as word sequences after slugging
// ("d.o.o." → d, o, o; "d.o.o" typed as "doo" → doo).
const legalFormSuffixes: readonly (readonly string[])[] = [
  ["d", "o", "o"],
  ["doo"],
  ["d", "d"],
  ["dd"],
  ["s", "p"],
  ["sp"],
  ["k", "d"],
  ["d", "n", "o"],
  ["dno"],
];

const endsWith = (words: readonly string[], tail: readonly string[]) =>
  words.length > tail.length && tail.every((t, i) => words[words.length - tail.length + i] === t);

/** "Avtohiša Kranjc d.o.o." → "avtohisa-kranjc": ASCII, lower case, no legal form, at most 50 characters. */
export function dealershipCodeBase(companyName: string): string {
  const ascii = companyName
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    // Letters that do not decompose into a base letter plus a mark.
    .replace(/[đĐ]/g, "d")
    .replace(/ß/g, "ss")
    .toLowerCase();
  let words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of legalFormSuffixes) {
      if (endsWith(words, suffix)) {
        words = words.slice(0, words.length - suffix.length);
        changed = true;
      }
    }
  }
  let base = "";
  for (const word of words) {
    const next = base ? `${base}-${word}` : word;
    if (next.length > maxBaseLength) break;
    base = next;
  }
  // A single very long word: cut it rather than lose it.
  if (!base && words[0]) base = words[0].slice(0, maxBaseLength);
  return base || "trgovec";
}

/** The base code if free, else base-2, base-3, …; reserved codes count as taken. */
export function uniqueDealershipCode(base: string, taken: ReadonlySet<string>): string {
  const free = (code: string) => !taken.has(code) && !reservedDealershipCodes.has(code);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const code = `${base}-${n}`;
    if (free(code)) return code;
  }
}
