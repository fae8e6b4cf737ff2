import { and, eq, type SQL, sql } from "drizzle-orm";
import { isEquipmentAsField } from "~/domain/equipment";
import { toCents } from "~/domain/money";
import { emptyFilters, type SearchFilters } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { searchCounts, searchGeneration, searchPairCounts } from "./schema/system";
import { filterConditions } from "./search-conditions.server";

/**
 * Broad searches read their total from the counts kept by the triggers of migrations 0028, 0030 and 0034
 * (decisions 082, 087, 090): a few rows instead of a walk of the search index. Covered: no filter; ONE of
 * makes, one model, fuels, bodies, transmissions, colours, regions, one seller kind, a year, price, mileage or
 * power range, one badge, one equipment item; or TWO of the paired ones (all of those but a model and a badge).
 * Anything else (sold postings, favourites, any other filter, three filters) falls back to count(*).
 */
export type CoveredCount = {
  /** What the count reads, for the bench's listing: 'all', a dimension, or 'a×b'. */
  kind: string;
  /** The count: kept rows summed, plus the exact rows of a range's partial bands at its edges. */
  n: SQL;
};

/** Fields that never change which postings match. */
const neutral = { page: 0, sort: null, results: null, from: null, searchSource: null, ai: null } as const;
const empty = emptyFilters();
const emptyKey = JSON.stringify({ ...empty, ...neutral });
const sameAsEmpty = (f: SearchFilters) => JSON.stringify({ ...f, ...neutral }) === emptyKey;

/** The banded dimensions of migrations 0030 and 0034: column, band width in the column's unit, index, URL unit → column. */
export const bandedDimensions = {
  year: { dimension: "year", column: "model_year", width: 1, index: "postings_status_year", scale: (n: number) => n },
  // The listed price (migration 0039): a "Po dogovoru" car is in no price band.
  price: {
    dimension: "price",
    column: "listed_price",
    width: 50_000,
    index: "postings_status_listed_price",
    scale: toCents,
  },
  odo: {
    dimension: "odo",
    column: "odometer_km",
    width: 5_000,
    index: "postings_status_odometer",
    scale: (n: number) => n,
  },
  // Per kW, like years (migration 0034): power values are few and peaked (110 kW: 7,619 of 100,000), so a
  // band of 10 kW would make an edge at a popular value read thousands of rows.
  power: { dimension: "power", column: "power_kw", width: 1, index: "postings_status_power", scale: (n: number) => n },
} as const;
type BandedKey = keyof typeof bandedDimensions;

/**
 * The order of a pair in `search_pair_counts` (migration 0034's `search_count_dims.rank`): the dimension
 * with more values is `a`, so a range on it seeks the key. Only these dimensions are paired.
 */
export const pairRank: Record<string, number> = {
  // One equipment tick pairs with each of the others (its rows are kept per code and value, decision 090).
  eq: 0,
  price: 1,
  odo: 2,
  power: 3,
  make: 4,
  year: 5,
  color: 6,
  region: 7,
  body: 8,
  fuel: 9,
  transmission: 10,
  seller: 11,
};

/** One filter a kept dimension answers: a list of values, or a band range (whole bands plus edges). */
type Atom =
  | { key: keyof SearchFilters; dimension: string; values: (string | SQL)[]; pairValues?: (string | SQL)[] }
  | { key: BandedKey; dimension: string; range: BandRange };

/** A range as kept bands from..to (null: open) and the column bounds [lo, hi] it covers exactly. */
type BandRange = { lo: number | null; hi: number | null; from: number | null; to: number | null };

function bandRange(key: BandedKey, r: { min: number | null; max: number | null }): BandRange {
  const d = bandedDimensions[key];
  const lo = r.min === null ? null : Math.ceil(d.scale(r.min));
  const hi = r.max === null ? null : Math.floor(d.scale(r.max));
  const from = lo === null ? null : Math.ceil(lo / d.width);
  const to = hi === null ? null : Math.floor((hi + 1) / d.width) - 1;
  return { lo, hi, from, to };
}

/** The whole bands of a range, none when the range lies inside fewer than two bands. */
const hasWholeBands = (b: BandRange) => b.from === null || b.to === null || b.from <= b.to;

const makeId = (code: string) => sql`(SELECT id FROM manufacturers WHERE code = ${code})`;

/** The filters of a search as kept dimensions, or null when one of them is not kept (or no filter is set). */
function atomsOf(f: SearchFilters): Atom[] | null {
  const atoms: Atom[] = [];
  let rest: SearchFilters = f;
  const take = (key: keyof SearchFilters, atom: Atom | null) => {
    if (!atom) return false;
    atoms.push(atom);
    rest = { ...rest, [key]: empty[key] } as SearchFilters;
    return true;
  };
  if (f.model.length > 0) {
    const makes = f.model.filter((m) => m.model === null).map((m) => m.manufacturer);
    const m = f.model[0];
    if (makes.length === f.model.length) {
      take("model", {
        key: "model",
        dimension: "make",
        values: makes.map((code) => sql`(SELECT CAST(id AS TEXT) FROM manufacturers WHERE code = ${code})`),
        pairValues: makes.map(makeId),
      });
    } else if (f.model.length === 1 && m && m.model !== null) {
      take("model", {
        key: "model",
        dimension: "model",
        values: [
          sql`(SELECT CAST(bm.id AS TEXT) FROM base_models bm JOIN manufacturers mk ON mk.id = bm.manufacturer_id WHERE mk.code = ${m.manufacturer} AND bm.code = ${m.model})`,
        ],
      });
    } else return null;
  }
  for (const [key, dimension] of [
    ["fuel", "fuel"],
    ["body", "body"],
    ["transmission", "transmission"],
    ["color", "color"],
    ["region", "region"],
  ] as const)
    if (f[key].length > 0) take(key, { key, dimension, values: [...f[key]] });
  if (f.seller.length === 1 && f.seller[0])
    take("seller", { key: "seller", dimension: "seller", values: [f.seller[0]] });
  if (f.badge.length === 1 && f.badge[0])
    take("badge", { key: "badge", dimension: `badge.${f.badge[0]}`, values: ["1"] });
  // 4×4 and alloy rims are fields, not ticks (decision 060): not kept.
  if (f.eq.length === 1 && f.eq[0] && !isEquipmentAsField(f.eq[0]))
    take("eq", { key: "eq", dimension: "eq", values: [f.eq[0]] });
  for (const key of Object.keys(bandedDimensions) as BandedKey[]) {
    const r = f[key];
    if (r && (r.min !== null || r.max !== null))
      take(key, { key, dimension: bandedDimensions[key].dimension, range: bandRange(key, r) });
  }
  return sameAsEmpty(rest) ? atoms : null;
}

const visible = sql`"postings"."status" = 'PUBLISHED' AND "postings"."hide_posting" = 0`;

/** count(*) of the postings matching `where` with the banded column in [a, b], through that column's index. */
function exactCount(key: BandedKey, a: number | null, b: number | null, where: SQL | undefined) {
  const d = bandedDimensions[key];
  const col = sql.raw(`"postings"."${d.column}"`);
  if (a !== null && b !== null && a > b) return sql`0`;
  const bounds = [
    a === null ? sql`${col} IS NOT NULL` : sql`${col} >= ${a}`,
    b === null ? undefined : sql`${col} <= ${b}`,
  ];
  return sql`(SELECT count(*) FROM "postings" INDEXED BY ${sql.raw(d.index)} WHERE ${and(visible, where, ...bounds)})`;
}

/** The column bounds of a range's whole bands. */
function wholeSpan(key: BandedKey, b: BandRange): [number | null, number | null] {
  const w = bandedDimensions[key].width;
  return [b.from === null ? null : b.from * w, b.to === null ? null : (b.to + 1) * w - 1];
}

/**
 * The rows of a range's partial bands at its unaligned edges that also match `where`: at most one band's rows
 * per edge, read through the range column's index.
 */
function edgeCounts(key: BandedKey, b: BandRange, where: SQL | undefined): SQL[] {
  const [first, last] = wholeSpan(key, b);
  const out: SQL[] = [];
  if (b.lo !== null && first !== null && b.lo < first) out.push(exactCount(key, b.lo, first - 1, where));
  if (b.hi !== null && last !== null && b.hi > last) out.push(exactCount(key, last + 1, b.hi, where));
  return out;
}

/** A column condition on the whole bands of a range. */
function spanCondition(key: BandedKey, b: BandRange): SQL | undefined {
  const col = sql.raw(`"postings"."${bandedDimensions[key].column}"`);
  const [first, last] = wholeSpan(key, b);
  return and(first === null ? undefined : sql`${col} >= ${first}`, last === null ? undefined : sql`${col} <= ${last}`);
}

/** The rows of search_counts one atom reads. */
function singleRows(atom: Atom): SQL | undefined {
  const rows: SQL[] = [eq(searchCounts.dimension, atom.dimension)];
  if ("values" in atom) {
    const [one, ...more] = atom.values;
    rows.push(
      more.length === 0 && one !== undefined
        ? sql`${searchCounts.value} = ${one}`
        : sql`${searchCounts.value} IN ${atom.values}`,
    );
  } else {
    // The '' row holds the postings without a value: no range matches them.
    rows.push(sql`${searchCounts.value} <> ''`);
    if (atom.range.from !== null) rows.push(sql`CAST(${searchCounts.value} AS INTEGER) >= ${atom.range.from}`);
    if (atom.range.to !== null) rows.push(sql`CAST(${searchCounts.value} AS INTEGER) <= ${atom.range.to}`);
  }
  return and(...rows);
}

/** A condition on one side (va or vb) of search_pair_counts. */
function pairSide(column: SQL, atom: Atom): SQL | undefined {
  if ("values" in atom) {
    const values = atom.pairValues ?? atom.values;
    const [one, ...more] = values;
    return more.length === 0 && one !== undefined ? sql`${column} = ${one}` : sql`${column} IN ${values}`;
  }
  // Bands are integers and '' (no value) is text, which sorts after every integer: `< ''` keeps it out.
  const { from, to } = atom.range;
  return and(
    from === null ? undefined : sql`${column} >= ${from}`,
    to === null ? sql`${column} < ''` : sql`${column} <= ${to}`,
  );
}

const sumOf = (from: SQL, n: SQL, where: SQL | undefined) =>
  sql`(SELECT coalesce(sum(${n}), 0) FROM ${from} WHERE ${where})`;

function single(atom: Atom): CoveredCount {
  const kept = sumOf(sql`${searchCounts}`, sql`${searchCounts.n}`, singleRows(atom));
  if ("values" in atom) return { kind: atom.dimension, n: kept };
  const b = atom.range;
  // Inside fewer than two bands: the whole range is counted exactly.
  if (!hasWholeBands(b)) return { kind: atom.dimension, n: exactCount(atom.key, b.lo, b.hi, undefined) };
  return { kind: atom.dimension, n: sql.join([kept, ...edgeCounts(atom.key, b, undefined)], sql` + `) };
}

/** The search's conditions without one filter: an edge's own range must not steer the seek of its index. */
const whereWithout = (f: SearchFilters, key: keyof SearchFilters) => {
  const rest = { ...f, [key]: empty[key] } as SearchFilters;
  const code = rest.eq[0];
  // The search's form of an equipment tick (`id IN (SELECT posting_id … WHERE code = …)`) reads every posting with
  // the code; an edge has few rows, so each probes the tick's primary key instead.
  if (rest.eq.length !== 1 || code === undefined) return and(...filterConditions(rest, noContext));
  return and(
    ...filterConditions({ ...rest, eq: [] }, noContext),
    sql`EXISTS (SELECT 1 FROM posting_equipment pe WHERE pe.posting_id = "postings"."id" AND pe.code = ${code})`,
  );
};
const noContext = { now: new Date(0), userId: null };

/** Wide banded dimensions: an open upper range on them is read as its complement (the bands below it). */
const wide = new Set(["price", "odo", "power"]);

/**
 * A pair of broad filters (decision 090): the kept rows of both whole-band sets, plus the rows at either range's
 * unaligned edges that match the whole search (the second range's edges only within the first range's whole bands,
 * so no posting is counted twice).
 */
function pair(f: SearchFilters, x: Atom, y: Atom): CoveredCount | null {
  const rx = pairRank[x.dimension];
  const ry = pairRank[y.dimension];
  if (rx === undefined || ry === undefined || x.dimension === y.dimension) return null;
  const [a, b] = rx < ry ? [x, y] : [y, x];
  const kind = `${a.dimension}×${b.dimension}`;
  for (const atom of [a, b])
    if ("range" in atom && !hasWholeBands(atom.range))
      // One range lies inside fewer than two bands: its rows are few, count them all exactly.
      return {
        kind,
        n: exactCount(atom.key, atom.range.lo, atom.range.hi, whereWithout(f, atom.key)),
      };
  const pairRows = (aSide: SQL | undefined) =>
    and(
      eq(searchPairCounts.a, a.dimension),
      eq(searchPairCounts.b, b.dimension),
      aSide,
      pairSide(sql`${searchPairCounts.vb}`, b),
    );
  const va = sql`${searchPairCounts.va}`;
  const pairSum = (where: SQL | undefined) => sumOf(sql`${searchPairCounts}`, sql`${searchPairCounts.n}`, where);
  // `a` holds the pair's key seek. An open upper range on a wide dimension (price=5000..) holds most of its bands:
  // read the other filter's own kept rows minus the pairs below the range and without a value instead.
  const complement = "range" in a && a.range.to === null && a.range.from !== null && wide.has(a.dimension);
  const otherAlone = sumOf(sql`${searchCounts}`, sql`${searchCounts.n}`, singleRows(b));
  // Two sums, each a seek: `< from` stops before '' (text sorts after every integer).
  const below = "range" in a ? pairSum(pairRows(sql`${va} < ${a.range.from}`)) : sql`0`;
  const noValue = pairSum(pairRows(sql`${va} = ''`));
  const kept = complement ? sql`${otherAlone} - ${below} - ${noValue}` : pairSum(pairRows(pairSide(va, a)));
  const edges: SQL[] = [];
  if ("range" in a) edges.push(...edgeCounts(a.key, a.range, whereWithout(f, a.key)));
  if ("range" in b)
    edges.push(
      ...edgeCounts(
        b.key,
        b.range,
        and(whereWithout(f, b.key), "range" in a ? spanCondition(a.key, a.range) : undefined),
      ),
    );
  return { kind, n: sql.join([kept, ...edges], sql` + `) };
}

/** What a search's total reads when its filters are kept (decisions 082, 087, 090), or null: count(*). */
export function coveredCount(f: SearchFilters): CoveredCount | null {
  const atoms = atomsOf(f);
  if (!atoms) return null;
  const [x, y, ...more] = atoms;
  if (!x) return allCount;
  if (!y) return single(x);
  if (more.length > 0) return null;
  return pair(f, x, y);
}

/** Every visible posting: one kept row. */
export const allCount: CoveredCount = {
  kind: "all",
  n: sql`(SELECT ${searchCounts.n} FROM ${searchCounts} WHERE ${searchCounts.dimension} = 'all' AND ${searchCounts.value} = '')`,
};

/**
 * The statement reading a covered count AND the data generation it belongs to: one statement is one
 * snapshot, also on a read replica (decision 087), so the count is cached under the generation it was read at.
 */
export function coveredCountQuery(db: Db, covered: CoveredCount) {
  return db
    .select({ n: sql<number>`coalesce(${covered.n}, 0)`, generation: sql<number | null>`${searchGeneration.n}` })
    .from(searchGeneration)
    .where(eq(searchGeneration.id, 1));
}

/** Facets whose values are a kept dimension, and that dimension's name. */
const keptFacets: Record<string, string> = {
  fuel: "fuel",
  body: "body",
  region: "region",
  seller: "seller",
  transmission: "transmission",
  color: "color",
};

/**
 * Facet counts for fuel, body, transmission, colour, region, seller kind and make, read from kept rows: the
 * dimension's own rows when no other filter applies (decisions 082, 087), the pair's rows when one other broad
 * filter of whole values or aligned bands applies (decision 090). null: the facet must be counted from the index.
 */
export async function coveredFacet(db: Db, facet: string, f: SearchFilters) {
  const dimension = facet === "manufacturer" ? "make" : keptFacets[facet];
  if (!dimension) return null;
  const ownKey = facet === "manufacturer" ? "model" : (facet as keyof SearchFilters);
  const atoms = atomsOf({ ...f, [ownKey]: empty[ownKey] } as SearchFilters);
  if (!atoms || atoms.length > 1) return null;
  const [other] = atoms;
  if (!other) {
    if (dimension === "make")
      return db
        .select({ value: sql<string>`mk.code`, label: sql<string>`mk.name`, count: searchCounts.n })
        .from(searchCounts)
        .innerJoin(sql`manufacturers mk`, sql`CAST(mk.id AS TEXT) = ${searchCounts.value}`)
        .where(and(eq(searchCounts.dimension, "make"), sql`${searchCounts.n} > 0`))
        .orderBy(sql`${searchCounts.n} DESC`)
        .all();
    return db
      .select({ value: searchCounts.value, count: searchCounts.n })
      .from(searchCounts)
      .where(and(eq(searchCounts.dimension, dimension), sql`${searchCounts.value} <> ''`, sql`${searchCounts.n} > 0`))
      .orderBy(sql`${searchCounts.n} DESC`)
      .all();
  }
  const rOther = pairRank[other.dimension];
  const rOwn = pairRank[dimension];
  if (rOther === undefined || rOwn === undefined || rOther === rOwn) return null;
  // Partial bands at an edge would need an exact count per facet value: counted from the index instead.
  if ("range" in other && edgeCounts(other.key, other.range, undefined).length > 0) return null;
  if ("range" in other && !hasWholeBands(other.range)) return null;
  const ownSide = rOwn < rOther ? searchPairCounts.va : searchPairCounts.vb;
  const otherSide = rOwn < rOther ? searchPairCounts.vb : searchPairCounts.va;
  const [a, b] = rOwn < rOther ? [dimension, other.dimension] : [other.dimension, dimension];
  const n = sql<number>`sum(${searchPairCounts.n})`;
  const rows = await db
    .select({ value: sql<string | number>`${ownSide}`, count: n })
    .from(searchPairCounts)
    .where(
      and(
        eq(searchPairCounts.a, a),
        eq(searchPairCounts.b, b),
        pairSide(sql`${otherSide}`, other),
        sql`${ownSide} <> ''`,
      ),
    )
    .groupBy(ownSide)
    .having(sql`${n} > 0`)
    .orderBy(sql`${n} DESC`)
    .all();
  if (dimension !== "make") return rows.map((r) => ({ value: String(r.value), count: r.count }));
  const ids = rows.map((r) => Number(r.value));
  if (ids.length === 0) return [];
  const names = await db.all<{ id: number; code: string; name: string }>(
    sql`SELECT id, code, name FROM manufacturers WHERE id IN ${ids}`,
  );
  const byId = new Map(names.map((m) => [m.id, m]));
  return rows.flatMap((r) => {
    const mk = byId.get(Number(r.value));
    return mk ? [{ value: mk.code, label: mk.name, count: r.count }] : [];
  });
}
