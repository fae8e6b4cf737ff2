/**
 * Stage 3 of the free-text search pipeline: numeric expressions (price, year, mileage, power)
 * with their comparators ("do", "vsaj", "med … in …"), hints ("letnik", "cena") and units
 * ("€", "tisoč", "km", "KM", "let"), read from the tokens the earlier passes left free.
 */
import type { Range } from "../search-filters";
import { type Acc, type AiRangeKey, word } from "./lexicon";
import { at, markUsed, phraseAt, type Token } from "./tokens";

const hpPerKw = 1.3596216173039;

type Kind = "price" | "year" | "odo" | "power" | "battery" | "evRange";
type Op = "max" | "min" | "from" | "between" | "approx";
type Unit = "eur" | "km" | "kw" | "hp" | "odo" | "age" | "kwh";
type Seq<T> = { words: RegExp[]; value: T };

const seq = <T>(pattern: string, value: T): Seq<T> => ({ words: pattern.split(" ").map(word), value });
const longestFirst = <T>(list: Seq<T>[]) => list.sort((a, b) => b.words.length - a.words.length);

type Comparator = { op: Op; year: boolean };
export const comparators = longestFirst<Comparator>([
  seq("manj kot|od", { op: "max", year: false }),
  seq("ne vec kot|od", { op: "max", year: false }),
  seq("vec kot|od", { op: "min", year: false }),
  seq(String.raw`(?:cenejs|nizj)\w* od|kot`, { op: "max", year: false }),
  seq(String.raw`(?:drazj|visj)\w* od|kot`, { op: "min", year: false }),
  seq(String.raw`ne starejs\w* od|kot`, { op: "min", year: true }),
  seq(String.raw`(?:novejs|mlajs)\w* od|kot`, { op: "min", year: true }),
  seq(String.raw`starejs\w* od|kot`, { op: "max", year: true }),
  seq("do najvec|maks|max", { op: "max", year: false }),
  seq("do|pod|max|maks|maksimalno|najvec|<", { op: "max", year: false }),
  seq("nad|vsaj|min|minimalno|najmanj|>", { op: "min", year: false }),
  seq("od", { op: "from", year: false }),
  seq("med", { op: "between", year: false }),
  seq("cca|ca|okoli|okrog|priblizno|~", { op: "approx", year: false }),
]);

export const hints = longestFirst<Kind>([
  seq(String.raw`letnik\w*|leto|leta|letu|letnikom|l`, "year"),
  seq(String.raw`cena|cene|ceno|ceni|cenovn\w*|proracun\w*|budget`, "price"),
  seq(String.raw`prevozen\w*|kilometr\w*|km`, "odo"),
  seq(String.raw`moc|moci|mocjo`, "power"),
  // A battery's capacity and an electric car's range: never horsepower ("doseg 400 km" was 294 kW).
  seq(String.raw`doseg\w*|avtonomij\w*`, "evRange"),
  seq(String.raw`bateri\w*|baterij\w*|kapacitet\w*`, "battery"),
]);

// "2016 ali novejši", "al novejše", "ali pa mlajši": an open range, never that year exactly.
const or = String.raw`in|ali|al|oz|pa`;
export const posts = longestFirst<"min" | "max">([
  seq(String.raw`${or} pa (?:novejs|mlajs)\w*`, "min"),
  seq(String.raw`${or} pa starejs\w*`, "max"),
  seq(String.raw`${or} (?:novejs|mlajs)\w*`, "min"),
  seq(String.raw`${or} starejs\w*`, "max"),
  seq(String.raw`${or} vec`, "min"),
  seq(String.raw`${or} manj`, "max"),
  seq(String.raw`${or} pa vec`, "min"),
  seq(String.raw`${or} pa manj`, "max"),
  seq("in naprej", "min"),
  seq(String.raw`naprej|dalje|\+|novejs\w*|mlajs\w*`, "min"),
  seq(String.raw`starejs\w*|nazaj`, "max"),
]);

export const currencyWord = /^(?:eur|eura|eurov|euro|evro|evrov|evra|evri|evrih)$/;
export const multipliers: Readonly<Record<string, number>> = {
  k: 1000,
  tisoc: 1000,
  tisocev: 1000,
  tisocakov: 1000,
  tisocak: 1000,
  tisocaka: 1000,
  tis: 1000,
  jur: 1000,
  jurjev: 1000,
  jurjov: 1000,
  jurov: 1000,
  jurji: 1000,
  jurja: 1000,
  jurje: 1000,
  mio: 1_000_000,
  milijon: 1_000_000,
  milijona: 1_000_000,
  milijonov: 1_000_000,
};
export const unitWords: Readonly<Record<string, Unit>> = {
  km: "km",
  kw: "kw",
  ks: "hp",
  ps: "hp",
  hp: "hp",
  konj: "hp",
  konjev: "hp",
  konji: "hp",
  konjskih: "hp",
  kilometrov: "odo",
  kilometri: "odo",
  kilometra: "odo",
  prevozenih: "odo",
  prevozeni: "odo",
  prevozen: "odo",
  let: "age",
  leta: "age",
  leti: "age",
  kwh: "kwh",
};

function matchSeqAt<T>(tokens: readonly Token[], i: number, list: readonly Seq<T>[]): Seq<T> | null {
  return list.find((s) => phraseAt(tokens, i, s.words)) ?? null;
}

type Amount = { value: number; raw: number; factor: number; unit: Unit | null; start: number; end: number };

const isFreeAt = (tokens: readonly Token[], i: number): Token | null => {
  const tok = at(tokens, i);
  return tok && !tok.used && tok.sep !== "break" ? tok : null;
};

function readAmount(tokens: readonly Token[], i: number): Amount | null {
  const tok = at(tokens, i);
  if (!tok || tok.used || tok.num === null) return null;
  let j = i + 1;
  let factor = 1;
  let unit: Unit | null = null;
  const m = isFreeAt(tokens, j);
  if (m && Object.hasOwn(multipliers, m.t)) {
    factor = multipliers[m.t] ?? 1;
    if (m.t.startsWith("jur")) unit = "eur";
    j++;
  }
  const u = isFreeAt(tokens, j);
  if (u && unit === null) {
    if (currencyWord.test(u.t) || (u.t === "e" && u.sep === "glue")) unit = "eur";
    else if (Object.hasOwn(unitWords, u.t)) unit = unitWords[u.t] ?? null;
    if (unit !== null) j++;
    // "150.000 km prevoženih" and "150.000 prevoženih km" are both mileage.
    const after = isFreeAt(tokens, j);
    if ((unit === "km" || unit === "odo") && after && (after.t === "km" || /^prevozen/.test(after.t))) {
      unit = "odo";
      j++;
    }
  }
  return { value: tok.num * factor, raw: tok.num, factor, unit, start: i, end: j };
}

const isYearLike = (a: Amount) =>
  a.factor === 1 && a.unit === null && Number.isInteger(a.raw) && a.raw >= 1900 && a.raw <= 2100;

/** Whether "A do B" is one range rather than two facts ("od 2018 do 15.000 €" is a year and a price). */
function rangeCompatible(a: Amount, b: Amount): boolean {
  if (a.unit !== null && b.unit !== null && a.unit !== b.unit) return false;
  // "450 km do 40k": thousands without a unit after a plain amount with one start a price.
  if (a.unit !== null && a.unit !== "eur" && a.factor === 1 && b.unit === null && b.factor > 1) return false;
  if (isYearLike(a) && b.unit === null && b.factor === 1) return isYearLike(b);
  if (isYearLike(a) && b.value > a.value * 5) return false;
  if (!isYearLike(a) && isYearLike(b) && a.raw < 100) return false;
  return true;
}

export type Ctx = { year: number; acc: Acc };

function setRange(acc: Acc, key: AiRangeKey, r: Range): void {
  const old = acc.ranges[key];
  let min = r.min ?? old?.min ?? null;
  let max = r.max ?? old?.max ?? null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  if (min !== null || max !== null) acc.ranges[key] = { min, max };
}

const limits: Record<Exclude<Kind, "year">, [number, number]> = {
  price: [1, 50_000_000],
  odo: [0, 5_000_000],
  power: [1, 2000],
  battery: [1, 300],
  evRange: [10, 2000],
};

/**
 * Tries one numeric expression starting at token i:
 * [hint] [comparator] [hint] [€] amount [unit] [(do | in | -) amount [unit]] [post-qualifier].
 * Returns how many tokens it took, or 0 when nothing there is a number we understand.
 */
function parseNumberAt(tokens: readonly Token[], i: number, ctx: Ctx): number {
  let j = i;
  // Hints ("letnik", "cena", "km") only count when a number follows, which readAmount below enforces.
  const hint1 = matchSeqAt(tokens, j, hints);
  if (hint1) j += hint1.words.length;
  const cmp = matchSeqAt(tokens, j, comparators);
  if (cmp) j += cmp.words.length;
  const hint2 = hint1 ? null : matchSeqAt(tokens, j, hints);
  if (hint2) j += hint2.words.length;
  let hint = hint1?.value ?? hint2?.value ?? null;
  let preUnit: Unit | null = null;
  const cur = isFreeAt(tokens, j);
  if (cur && currencyWord.test(cur.t)) {
    preUnit = "eur";
    j++;
  }
  const a1 = readAmount(tokens, j);
  if (!a1 || (j > i && at(tokens, a1.start)?.sep === "break")) return 0;
  j = a1.end;

  let a2: Amount | null = null;
  const next = isFreeAt(tokens, j);
  if (next?.num !== null && next?.sep === "dash") a2 = readAmount(tokens, j);
  else if (next && (next.t === "do" || (next.t === "in" && cmp?.value.op === "between")))
    a2 = readAmount(tokens, j + 1);
  if (a2 && !rangeCompatible(a1, a2)) a2 = null;
  if (a2) {
    j = a2.end;
    // "med 8 in 12 tisoč": the thousands belong to both ends.
    if (a1.factor === 1 && a2.factor > 1 && a1.raw <= a2.raw) a1.value = a1.raw * a2.factor;
  }
  const post = matchSeqAt(tokens, j, posts);
  if (post) j += post.words.length;
  // "400 km dosega", "60 kWh baterija": a hint after the amount, unless it starts the next expression.
  const trailing = hint1 || hint2 || post ? null : matchSeqAt(tokens, j, hints);
  const afterTrailing = trailing ? at(tokens, j + trailing.words.length) : undefined;
  const trailingHint =
    trailing && (trailing.value === "evRange" || trailing.value === "battery") && afterTrailing?.num == null
      ? trailing.value
      : null;
  if (trailingHint && trailing) j += trailing.words.length;

  hint ??= trailingHint;
  const unit = a2?.unit ?? a1.unit ?? preUnit;
  const values = a2 ? [a1.value, a2.value] : [a1.value];
  const multiplied = a1.factor > 1 || (a2?.factor ?? 1) > 1;
  const top = Math.max(...values);
  const cmpOp = cmp?.value.op ?? null;
  const op: Op | null = post ? post.value : cmpOp === "between" && !a2 ? null : cmpOp;
  const taken = j - i;

  if (unit === "age") {
    // "do 5 let" / "mlajši od 5 let": the car is at most that old, so its year is at least now − n.
    if (a2 || !op || a1.value > 60 || !Number.isInteger(a1.value)) return cmp || post ? taken : 0;
    const y = ctx.year - a1.value;
    const atMostThatOld = cmp?.value.year ? op === "min" : op === "max";
    if (op === "approx") setRange(ctx.acc, "year", { min: y - 1, max: y + 1 });
    else setRange(ctx.acc, "year", atMostThatOld ? { min: y, max: null } : { min: null, max: y });
    return taken;
  }

  let kind: Kind | null = null;
  let hp = false;
  if (hint === "evRange" && (unit === null || unit === "km" || unit === "odo")) kind = "evRange";
  else if (hint === "battery" && (unit === null || unit === "kwh")) kind = "battery";
  else if (unit === "kwh") kind = "battery";
  else if (unit === "eur") kind = "price";
  else if (unit === "kw") kind = "power";
  else if (unit === "hp") [kind, hp] = ["power", true];
  else if (unit === "odo") kind = "odo";
  else if (unit === "km") {
    // Slovenian "KM" is also horsepower (konjske moči): small numbers are power, large are mileage.
    if (hint === "power" || (hint !== "odo" && !multiplied && top < 1000)) [kind, hp] = ["power", true];
    else kind = "odo";
  } else if (hint) kind = hint;
  else if (cmp?.value.year) kind = "year";
  else if (!multiplied && values.every((v) => Number.isInteger(v) && v >= 1990 && v <= 2030)) kind = "year";
  else if (multiplied || top >= 500) kind = "price";
  if (kind === null) return 0;

  if (kind === "year") {
    const ints = values.map(Math.round);
    const lo = hint === "year" ? 1950 : 1990;
    const hi = hint === "year" ? ctx.year + 1 : 2030;
    if (!values.every(Number.isInteger) || ints.some((v) => v < lo || v > hi)) return hint || unit ? taken : 0;
    const [first = 0, second] = ints;
    if (second !== undefined) setRange(ctx.acc, "year", { min: Math.min(first, second), max: Math.max(first, second) });
    else if (op === "max") setRange(ctx.acc, "year", { min: null, max: first });
    else if (op === "min" || op === "from") setRange(ctx.acc, "year", { min: first, max: null });
    else if (op === "approx") setRange(ctx.acc, "year", { min: first - 1, max: first + 1 });
    else setRange(ctx.acc, "year", { min: first, max: first });
    return taken;
  }

  const toUnit = (v: number) => (kind === "battery" ? Math.round(v * 10) / 10 : Math.round(hp ? v / hpPerKw : v));
  const conv = values.map(toUnit);
  const [lo, hi] = limits[kind];
  if (conv.some((v) => !Number.isFinite(v) || v < lo || v > hi)) return taken;
  const [first = 0, second] = conv;
  if (second !== undefined) setRange(ctx.acc, kind, { min: Math.min(first, second), max: Math.max(first, second) });
  else if (op === "max") setRange(ctx.acc, kind, { min: null, max: first });
  else if (op === "min" || op === "from") setRange(ctx.acc, kind, { min: first, max: null });
  else if (op === "approx") setRange(ctx.acc, kind, { min: toUnit(a1.value * 0.9), max: toUnit(a1.value * 1.1) });
  // A bare price or mileage is a budget or a limit; a bare power is the engine asked for; a battery
  // or a range is what the car must at least have.
  else if (kind === "power") setRange(ctx.acc, kind, { min: first, max: first });
  else if (kind === "battery" || kind === "evRange") setRange(ctx.acc, kind, { min: first, max: null });
  else setRange(ctx.acc, kind, { min: null, max: first });
  return taken;
}

export function applyNumbers(tokens: readonly Token[], ctx: Ctx): void {
  for (let i = 0; i < tokens.length; i++) {
    if (at(tokens, i)?.used) continue;
    const taken = parseNumberAt(tokens, i, ctx);
    if (taken > 0) {
      markUsed(tokens, i, taken);
      i += taken - 1;
    }
  }
}

// An engine's size in litres as people write it ("1.6 tdi", "2,0", "1.4 l"): 0.8–6.9 with one decimal.
const litres = /^\d[.,]\d$/;
const litreWord = /^(?:l|liter|litra|litrov|litrski|litrskim?|litrsk\w*)$/;
// A consumption reads "5.5 l/100 km" or "5,5 l na 100": never an engine.
const per100 = (tokens: readonly Token[], i: number) => {
  const next = at(tokens, i);
  return next !== undefined && (next.sep === "slash" || next.t === "na" || next.t === "100");
};

/**
 * Engine size: "1.6" alone or before a litre word or an engine code becomes a displacement range of
 * ±50 ccm around it (1.6 → 1550–1649 ccm: 1598 ccm is a "1.6 TDI", 1968 and 1995 ccm are "2.0").
 */
export function applyDisplacement(tokens: readonly Token[], acc: Acc): void {
  for (let i = 0; i < tokens.length; i++) {
    const tok = at(tokens, i);
    if (!tok || tok.used || tok.num === null || !litres.test(tok.t) || tok.num < 0.8 || tok.num > 6.9) continue;
    const next = isFreeAt(tokens, i + 1);
    const withLitre = next !== null && litreWord.test(next.t);
    if (withLitre && per100(tokens, i + 2)) continue;
    // Another unit after it ("1.6 kWh", "5.5 eur") is not an engine size.
    if (next !== null && !withLitre && (next.t in unitWords || next.t in multipliers || currencyWord.test(next.t)))
      continue;
    const cc = Math.round(tok.num * 10) * 100;
    acc.ranges.ccm = { min: cc - 50, max: cc + 49 };
    markUsed(tokens, i, withLitre ? 2 : 1);
  }
}
