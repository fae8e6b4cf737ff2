/**
 * Stage 4b of the free-text search pipeline: makes and models matched in the tokens (longest
 * phrase first, case endings and small typos allowed), with the make carried over to the model
 * words that follow it ("bmw serije 3 ali 5", "mercedes c/e").
 */
import { type CatalogIndex, type Entry, isReserved, maxPhraseWords } from "./catalog-index";
import { currencyWord, multipliers, unitWords } from "./numbers";
import { at, markUsed, spanFree, type Token } from "./tokens";

// ---------------------------------------------------------------------------------------------
// Fuzzy word matching

// No catalog word is this long; longer tokens are garbage and must not cost quadratic time.
const maxFuzzyLength = 40;
// Reused rows: this runs hundreds of times per query and allocation dominated it.
const rows = [
  new Int32Array(maxFuzzyLength + 2),
  new Int32Array(maxFuzzyLength + 2),
  new Int32Array(maxFuzzyLength + 2),
] as const;

/** Optimal-string-alignment distance, giving up as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max || a.length > maxFuzzyLength || b.length > maxFuzzyLength) return max + 1;
  const n = b.length;
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] ?? max + 1;
}

// Slovenian case endings: "golfa", "golfom", "bmwja", "audiju", "passatu".
const caseSuffixes = ["jem", "ega", "ja", "ju", "om", "em", "ov", "ev", "a", "u", "o", "e", "i"];

const stemsOf = (t: string): string[] =>
  caseSuffixes.filter((s) => t.length - s.length >= 3 && t.endsWith(s)).map((s) => t.slice(0, -s.length));

function tokenInfo(tok: Token): { reserved: boolean; stems: readonly string[] } {
  tok.reserved ??= isReserved(tok.t);
  tok.stems ??= /^[a-z]+$/.test(tok.t) ? stemsOf(tok.t) : [];
  return { reserved: tok.reserved, stems: tok.stems };
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** 0 exact, 0.5 same stem, 1–2 typo, Infinity no match. */
function wordDistance(input: string, stems: readonly string[], cand: string): number {
  if (input === cand) return 0;
  if (isDigit(input.charCodeAt(0)) || isDigit(cand.charCodeAt(0))) return Infinity;
  if (input.length - cand.length > 3 || cand.length - input.length > 2) return Infinity;
  if (cand.length >= 3 && stems.includes(cand)) return 0.5;
  // Typos rarely hit the first letter, while common words one letter away from a short model
  // name mostly differ there ("kolo"/"polo", "nudi"/"audi", "januar"/"jaguar").
  if (input.charCodeAt(0) !== cand.charCodeAt(0)) return Infinity;
  const shorter = Math.min(input.length, cand.length);
  const max = shorter >= 7 ? 2 : shorter >= 4 ? 1 : 0;
  if (max === 0) return Infinity;
  const d = editDistance(input, cand, max);
  return d <= max ? d : Infinity;
}

// ---------------------------------------------------------------------------------------------
// Make and model matching

export type Target = { make: string; model: string | null };
type Found = { entries: Entry[]; len: number };

// Prepositions that are also Mercedes class letters: "mercedes v ljubljani" is not a V-Class.
const prepositionLetters = new Set(["v", "s", "z", "k", "o"]);

const isUnitLike = (t: string) =>
  Object.hasOwn(multipliers, t) ||
  Object.hasOwn(unitWords, t) ||
  currencyWord.test(t) ||
  /^(?:sedez|vrat|lastnik)/.test(t);

const isWordOrNumber = (t: string) => /^[a-z]+$|^\d+$/.test(t);

function matchAt(tokens: readonly Token[], i: number, index: CatalogIndex, make: string | null): Found | null {
  const inPool = (e: Entry) => (make === null ? !e.contextOnly : e.make === make && e.model !== null);
  let best: Entry[] = [];
  let bestCost = Infinity;
  let spaced = false;
  let first = "";
  const consider = (e: Entry, cost: number) => {
    if (!inPool(e) || (e.glued && spaced && !(first.length >= 2 && /^[a-z]+$/.test(first)))) return;
    if (cost < bestCost) [best, bestCost] = [[e], cost];
    else if (cost === bestCost && !best.includes(e)) best.push(e);
  };

  for (let len = Math.min(maxPhraseWords, tokens.length - i); len >= 1; len--) {
    if (!spanFree(tokens, i, len)) continue;
    const span = tokens.slice(i, i + len);
    if (!span.every((tok) => isWordOrNumber(tok.t))) continue;
    spaced = span.some((tok, k) => k > 0 && tok.spaced);
    first = span[0]?.t ?? "";
    const next = at(tokens, i + len);
    // "bmw 3 tisoč €" is a price, not a 3 Series.
    if (isDigit((span[len - 1]?.t ?? "").charCodeAt(0)) && next && !next.used && isUnitLike(next.t)) continue;
    const infos = span.map(tokenInfo);
    const reserved = len === 1 && (infos[0]?.reserved ?? false);
    best = [];
    bestCost = Infinity;

    if (!reserved || (make !== null && len === 1)) {
      for (const e of index.byKey.get(span.map((tok) => tok.t).join(" ")) ?? []) consider(e, 0);
      if (len === 1 || !spaced)
        for (const e of index.byCompact.get(span.map((tok) => tok.t).join("")) ?? []) consider(e, 0);
    }
    if (best.length === 0 && !reserved) {
      const candidates: Entry[] = [];
      if (len === 1) {
        // Same length ±2, or up to 3 longer for case endings ("golfom", "audija").
        for (let l = Math.max(1, first.length - 3); l <= first.length + 2; l++)
          candidates.push(...(index.singleByLength[l] ?? []));
      } else {
        span.forEach((tok, k) => candidates.push(...(index.multiByAnchor.get(`${len}|${k}|${tok.t}`) ?? [])));
      }
      for (const e of candidates) {
        if (!inPool(e)) continue;
        let cost = 0;
        let exactWords = 0;
        for (let k = 0; k < len && cost < Infinity; k++) {
          const info = infos[k];
          const d = wordDistance(span[k]?.t ?? "", info?.stems ?? [], e.words[k] ?? "");
          if (d === 0) exactWords++;
          else if (info?.reserved !== false) cost = Infinity;
          cost += d;
        }
        // One exact word anchors a multi-word typo ("serije 3", "land rower"); nicknames are never guessed.
        if (cost < Infinity && (len === 1 || exactWords > 0) && !(e.nickname && cost > 0)) consider(e, cost);
      }
    }
    if (best.length === 0) continue;
    if (make !== null && len === 1 && prepositionLetters.has(first) && next && !next.used && next.sep !== "break") {
      // "mercedes v ljubljani", "mercedes s 150 KM": the letter is a preposition there.
      const after = at(tokens, i + 2);
      const afterUnit = after && !after.used && (isUnitLike(after.t) || Object.hasOwn(multipliers, after.t));
      if (/^[a-z]/.test(next.t) || (next.num !== null && afterUnit)) continue;
    }
    const makes = best.filter((e) => e.model === null);
    return { entries: makes.length > 0 ? makes : best, len };
  }
  return null;
}

/** BMW type codes: "320d" → 3 Series, "118i" → 1 Series (only right after the make). */
function seriesCodeAt(tokens: readonly Token[], i: number, index: CatalogIndex, make: string): Found | null {
  const tok = at(tokens, i);
  const digits = index.seriesByDigit.get(make);
  if (!digits || !tok || tok.used || !/^[1-8]\d\d$/.test(tok.t)) return null;
  const next = at(tokens, i + 1);
  if (next && !next.used && isUnitLike(next.t)) return null;
  const model = digits.get(tok.t.charAt(0));
  const entry = model === undefined ? undefined : index.byMake.get(make)?.find((e) => e.model === model);
  return entry ? { entries: [entry], len: 1 } : null;
}

export function matchModels(tokens: readonly Token[], index: CatalogIndex): Target[] {
  const groups: Target[][] = [];
  const mentioned = new Set<string>();
  let lastModel: { end: number; make: string } | null = null;

  const contextModel = (start: number, make: string): Found | null =>
    matchAt(tokens, start, index, make) ?? seriesCodeAt(tokens, start, index, make);

  for (let i = 0; i < tokens.length; i++) {
    const found = matchAt(tokens, i, index, null);
    if (!found) continue;
    const entries = found.entries.filter((e) => !(e.nickname && lastModel?.end === i && lastModel.make !== e.make));
    const head = entries[0];
    if (!head) continue;
    markUsed(tokens, i, found.len);
    let end = i + found.len;
    if (head.model !== null) {
      groups.push(entries.map((e) => ({ make: e.make, model: e.model })));
      lastModel = { end, make: head.make };
      i = end - 1;
      continue;
    }
    const make = head.make;
    mentioned.add(make);
    const models: Target[] = [];
    let ctx = contextModel(end, make);
    while (ctx) {
      markUsed(tokens, end, ctx.len);
      models.push(...ctx.entries.map((e) => ({ make, model: e.model })));
      end += ctx.len;
      // "bmw serije 3 ali 5", "mercedes c/e": the make carries over a conjunction or slash.
      const conj = at(tokens, end);
      if (conj && !conj.used && ["ali", "in", "oz", "ter"].includes(conj.t)) {
        const more = contextModel(end + 1, make);
        if (more) {
          markUsed(tokens, end, 1);
          end += 1;
        }
        ctx = more;
      } else ctx = conj && !conj.used && conj.sep === "slash" ? contextModel(end, make) : null;
    }
    const previous = groups.at(-1);
    // "seat leon cupra": a brand right after a model it also sells under that name is a trim.
    const isTrim =
      models.length === 0 &&
      lastModel?.end === i &&
      (previous ?? []).some(
        (t) => t.make !== make && t.model !== null && (index.byMake.get(make) ?? []).some((e) => e.model === t.model),
      );
    if (!isTrim) groups.push(models.length > 0 ? models : [{ make, model: null }]);
    lastModel = { end, make };
    i = end - 1;
  }

  // "leon" is both a Cupra and a Seat; a brand named elsewhere in the text decides.
  const out: Target[] = [];
  for (const group of groups) {
    const preferred = group.filter((t) => mentioned.has(t.make));
    out.push(...(preferred.length > 0 && preferred.length < group.length ? preferred : group));
  }
  const withModel = new Set(out.filter((t) => t.model !== null).map((t) => t.make));
  const seen = new Set<string>();
  return out.filter((t) => {
    const id = `${t.make}(${t.model ?? ""})`;
    if ((t.model === null && withModel.has(t.make)) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
