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

/** "15.000", "15,000" and "15 000" all mean fifteen thousand in Slovenian prices; "1.6" stays a decimal. */
function joinThousands(s: string): string {
  return s
    .replace(/(?<=\d)[.,](?=\d{3}(?!\d))/g, "")
    .replace(/(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|[.,]\d)/g, (m) => m.replace(/\D/g, ""));
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

export function scan(s: string): Token[] {
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
    });
  }
  return out;
}

export function tokenize(text: string): Token[] {
  return scan(joinThousands(fold(text.slice(0, maxInputChars))));
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
