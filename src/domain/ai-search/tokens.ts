/**
 * Stage 2 of the free-text search pipeline: the text becomes tokens. Case, diacritics and
 * thousands separators are normalised away; each token remembers what stood before it (a comma
 * ends a phrase, a dash makes a range, "x 5" is not "x5") and whether a later stage has used it.
 */

// The `ai` URL parameter keeps at most 300 characters; anything far beyond that is pasted garbage,
// and bounding the work keeps the worst case flat on a Worker.
const maxInputChars = 4000;
const maxTokens = 400;

type Sep = "start" | "glue" | "space" | "dash" | "slash" | "break";
export type Token = {
  /** Lower-case ASCII letters, a number ("15000", "1.6"), or one of `< > ~ +`. */
  t: string;
  num: number | null;
  /** What stood between this token and the previous one. */
  sep: Sep;
  /** Whitespace stood before it: "x 5" is not the glued model name "x5". */
  spaced: boolean;
  used: boolean;
  /** Where the token stands in the original text (UTF-16 offsets, end exclusive): ignored words are quoted from it. */
  from: number;
  to: number;
  /** Filled on first use by the catalog matcher: a keyword or common word, and its case-ending stems. */
  reserved?: boolean;
  stems?: readonly string[];
};

/** Case and diacritics are dropped: users type "Škoda", "skoda" and "ŠKODA" interchangeably. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/đ/g, "d")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/×/g, "x")
    .replace(/€/g, " eur ");
}

/** A normalised text and, for each of its characters, the offset of the original character it came from. */
type Mapped = { s: string; origin: number[] };

function foldMapped(text: string): Mapped {
  let s = "";
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = fold(ch);
    s += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
    i += ch.length;
  }
  origin.push(i);
  return { s, origin };
}

/** Drops the characters of a pattern's matches that `removed` matches, keeping the map to the original. */
function dropMapped(m: Mapped, pattern: RegExp, removed: RegExp): Mapped {
  const drop = new Set<number>();
  for (const match of m.s.matchAll(pattern)) {
    for (let k = 0; k < match[0].length; k++) if (removed.test(match[0].charAt(k))) drop.add(match.index + k);
  }
  if (drop.size === 0) return m;
  let s = "";
  const origin: number[] = [];
  for (let k = 0; k < m.s.length; k++) {
    if (drop.has(k)) continue;
    s += m.s.charAt(k);
    origin.push(m.origin[k] ?? 0);
  }
  origin.push(m.origin[m.s.length] ?? 0);
  return { s, origin };
}

/** "15.000", "15,000" and "15 000" all mean fifteen thousand in Slovenian prices; "1.6" stays a decimal. */
function joinThousands(m: Mapped): Mapped {
  const dotted = dropMapped(m, /(?<=\d)[.,](?=\d{3}(?!\d))/g, /./);
  return dropMapped(dotted, /(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|[.,]\d)/g, /\D/);
}

const tokenPattern = /\d+(?:[.,]\d+)?|[a-z]+|[<>~+]/g;

function sepOf(gap: string): Sep {
  if (gap === "") return "glue";
  const trimmed = gap.trim();
  if (trimmed === "") return "space";
  if (/^[-–—]+$/.test(trimmed)) return "dash";
  if (trimmed === "/") return "slash";
  if (trimmed === ".") return /\s/.test(gap) ? "space" : "glue";
  if (/[,;!?()[\]{}|]/.test(trimmed)) return "break";
  return "space";
}

export function scan(s: string, origin?: readonly number[]): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of s.matchAll(tokenPattern)) {
    if (out.length >= maxTokens) break;
    const t = m[0].replace(",", ".");
    const gap = s.slice(last, m.index);
    last = m.index + m[0].length;
    const num = /^\d/.test(t) ? Number(t) : null;
    out.push({
      t,
      num: num !== null && Number.isFinite(num) ? num : null,
      sep: out.length === 0 ? "start" : sepOf(gap),
      spaced: /\s/.test(gap),
      used: false,
      from: origin?.[m.index] ?? m.index,
      // The original offset after the last character (a folded "€" is five characters of one).
      to: origin ? (origin[last - 1] ?? 0) + 1 : last,
    });
  }
  return out;
}

// Case endings written after a hyphen: "BMW-ja", "Audi-ju", "VW-jem".
const hyphenEndings = /^(?:ja|ju|jem|jev|ji|a|u|om|em|ov|e|i)$/;

export function tokenize(text: string): Token[] {
  const input = text.slice(0, maxInputChars);
  const m = joinThousands(foldMapped(input));
  const scanned = scan(m.s, m.origin);
  // A letter typed as base + combining mark ("s" + "ˇ") folds to the base alone: its marks end with it.
  for (const tok of scanned) while (/\p{M}/u.test(input.charAt(tok.to))) tok.to++;
  const tokens = scanned.filter((tok, i, all) => {
    const prev = all[i - 1];
    const ending = tok.sep === "dash" && prev !== undefined && /^[a-z]+$/.test(prev.t) && hyphenEndings.test(tok.t);
    if (ending) prev.to = tok.to;
    return !ending;
  });
  return readNumberWords(tokens);
}

export const at = (tokens: readonly Token[], i: number): Token | undefined => tokens[i];

/** Tokens i..i+n-1 exist, are still free and do not cross a comma or sentence break. */
export function spanFree(tokens: readonly Token[], i: number, n: number): boolean {
  if (i < 0 || i + n > tokens.length) return false;
  for (let k = i; k < i + n; k++) {
    const tok = tokens[k];
    if (!tok || tok.used || (k > i && tok.sep === "break")) return false;
  }
  return true;
}

export function markUsed(tokens: readonly Token[], i: number, n: number): void {
  for (let k = i; k < i + n; k++) {
    const tok = tokens[k];
    if (tok) tok.used = true;
  }
}

/** The free span at i spells `words`, one regular expression per token (see `spanFree`). */
export function phraseAt(tokens: readonly Token[], i: number, words: readonly RegExp[]): boolean {
  if (!spanFree(tokens, i, words.length)) return false;
  for (let k = 0; k < words.length; k++) {
    if (!(words[k]?.test(at(tokens, i + k)?.t ?? "") ?? false)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Numbers written in words: "petnajst tisoč" is "15 tisoč", "sto petdeset konjev" is "150 konjev",
// "dva tisoč šestnajst" is 2016.

const unitValues = ["", "ena", "dva", "tri", "stiri", "pet", "sest", "sedem", "osem", "devet"];
const numberWordValues: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>([
    ["en", 1],
    ["eno", 1],
    ["enega", 1],
    ["dve", 2],
    ["dveh", 2],
    ["treh", 3],
    ["deset", 10],
    ["sto", 100],
  ]);
  const teens = ["enajst", "dvanajst", "trinajst", "stirinajst", "petnajst"];
  teens.forEach((w, k) => map.set(w, 11 + k));
  ["sestnajst", "sedemnajst", "osemnajst", "devetnajst"].forEach((w, k) => map.set(w, 16 + k));
  unitValues.forEach((u, k) => {
    if (k === 0) return;
    map.set(u, k);
    if (k >= 2) map.set(`${k === 2 ? "dve" : u}sto`, k * 100);
  });
  ["dvajset", "trideset", "stirideset", "petdeset", "sestdeset", "sedemdeset", "osemdeset", "devetdeset"].forEach(
    (tens, k) => {
      map.set(tens, (k + 2) * 10);
      unitValues.forEach((u, n) => {
        if (n > 0) map.set(`${u}in${tens}`, (k + 2) * 10 + n);
      });
    },
  );
  return map;
})();

const wordValue = (tok: Token | undefined) =>
  tok && tok.sep !== "break" && tok.sep !== "dash" ? numberWordValues.get(tok.t) : undefined;

/** Runs of number words become one number token; "tisoč" stays a multiplier unless a number follows it. */
function readNumberWords(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i];
    const start = first ? numberWordValues.get(first.t) : undefined;
    if (!first || start === undefined) {
      if (first) out.push(first);
      continue;
    }
    let total = 0;
    let current = start;
    let last = start;
    let j = i + 1;
    for (;;) {
      const next = tokens[j];
      const v = wordValue(next);
      if (v !== undefined && v < last) {
        current += v;
        last = v;
        j++;
      } else if (next?.t === "tisoc" && total === 0 && wordValue(tokens[j + 1]) !== undefined) {
        total = current * 1000;
        current = wordValue(tokens[j + 1]) ?? 0;
        last = current;
        j += 2;
      } else break;
    }
    const end = tokens[j - 1] ?? first;
    const value = total + current;
    out.push({ ...first, t: String(value), num: value, to: end.to });
    i = j - 1;
  }
  return out;
}
