import {
  ageAt,
  type DenseFeature,
  denseFeatures,
  denseValues,
  indicatorFeatures,
  type LevelGroup,
  levelGroups,
  levelValues,
  type MarketCar,
  penalties,
} from "./features";
import { cholesky, choleskyInverse, choleskySolve } from "./linear-algebra";

/** A car with its asking price in cents, as the fit sees it, and who sells it (absent: a seller of its own). */
export type MarketObservation = MarketCar & { price: number; sellerKey?: string; established?: boolean };

/**
 * What a car that is not established (on sale under a week) weighs in its family's median and in the fit against an
 * established one: a wave of listings made for the purpose cannot set where the family's market is while the family
 * has established cars, nor lean on its level from just inside the cut (decision 088, "many accounts").
 */
export const newcomerShare = 0.25;

/**
 * The most one seller's cars of one model family weigh in the fit, together, in cars' worth: a seller with n > 2
 * has each car weighted 2 / n, so a dealer's fleet cannot set its family's level, the level its own car and every
 * other seller's car of the family are rated against (decision 088). The Huber weights multiply it.
 */
export const sellerFamilyCap = 2;

/**
 * Each observation's weight before the Huber reweighting: 1, or its share of its seller's capped weight, per model
 * family (the fit's) or, `per: "make"`, per make (where a make's centre is, `familiesApartFromMake`).
 */
export function sellerWeights(
  observations: readonly MarketObservation[],
  per: "model" | "make" = "model",
): Float64Array {
  const key = (o: MarketObservation) =>
    o.sellerKey === undefined ? null : `${o.sellerKey}:${per === "model" ? o.modelId : `m${o.makeId}`}`;
  const counts = new Map<string, number>();
  for (const o of observations) {
    const k = key(o);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return Float64Array.from(observations, (o) => {
    const k = key(o);
    return k === null ? 1 : Math.min(1, sellerFamilyCap / (counts.get(k) ?? 1));
  });
}

/**
 * Tukey's biweight cut, in robust scales of the cars' distance from their family's median (decision 088, "many
 * accounts"): a car further than this from where most of its family's sellers price is out of the fit, a nearer one
 * weighs (1 − u²)². 4.685 keeps about 95 % of an honest market's weight.
 */
export const familyCut = 3.5;
/**
 * The cut for a car that is not established: a new account's or a new listing's price counts only near where the
 * family's established sellers price (about ±2.5 spreads; its weight is (1 − u²)² inside), so a wave of accounts
 * priced together away from the market drops out of the fit instead of weighing as much as the sellers it outnumbers.
 */
export const newcomerCut = 2.5;

/** The weighted (lower) median of `values` at `members`. */
function weightedMedian(members: readonly number[], values: ArrayLike<number>, weight: ArrayLike<number>): number {
  const sorted = [...members].sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const half = sorted.reduce((s, i) => s + (weight[i] ?? 0), 0) / 2;
  let seen = 0;
  for (const i of sorted) {
    seen += weight[i] ?? 0;
    if (seen >= half) return values[i] ?? 0;
  }
  return values[sorted[sorted.length - 1] ?? 0] ?? 0;
}

/** Cars' worth of the whole market's spread a family's own spread is shrunk towards (a small family's is noise). */
const spreadPrior = 10;
/**
 * The widest a family's spread is taken, in the typical family's: a third of a family's weight priced together far off
 * widens its median distance, and would widen the cut that is to keep them out.
 */
const widestSpread = 1.5;

/**
 * Each car's distance from its family's centre, in robust spreads: its residual less the weighted median residual of
 * its model family (`weight`: the sellers' capped shares times standing), over the family's weighted median absolute
 * distance (× 1.4826), shrunk towards the typical family's by `spreadPrior` cars and at most `widestSpread` times it. A family's level is what many accounts
 * pricing together could move; its median moves only when they outweigh every other seller of the family, so a car's
 * distance from it says who is off the market, the accounts or the honest cars, where the least-squares level would
 * split the difference (decision 088, "many accounts").
 */
export function apartFromFamily(
  observations: readonly MarketObservation[],
  residual: ArrayLike<number>,
  weight: ArrayLike<number>,
  /** Filled, when given, with each car's distance from its family's centre in log price (before the spread). */
  raw?: Float64Array,
): Float64Array {
  const byFamily = new Map<number, number[]>();
  observations.forEach((o, i) => {
    const list = byFamily.get(o.modelId);
    if (list) list.push(i);
    else byFamily.set(o.modelId, [i]);
  });
  const apart = new Float64Array(observations.length);
  for (const members of byFamily.values()) {
    const centre = weightedMedian(members, residual, weight);
    for (const i of members) apart[i] = (residual[i] ?? 0) - centre;
  }
  raw?.set(apart);
  const distance = Float64Array.from(apart, Math.abs);
  const own = new Map<number[], number>();
  for (const members of byFamily.values()) own.set(members, 1.4826 * weightedMedian(members, distance, weight));
  // The market's spread: its typical family's (the median car's family), not the spread of every car at once, which
  // the families' differences and the market's oddities widen.
  const ownOfCar = Float64Array.from(observations, () => 0);
  for (const [members, spread] of own) for (const i of members) ownOfCar[i] = spread;
  const market = Math.max(minSigma, median(ownOfCar));
  for (const [members, familySpread] of own) {
    const n = members.length;
    const ownSpread = familySpread;
    const shrunk = Math.sqrt((spreadPrior * market ** 2 + n * ownSpread ** 2) / (spreadPrior + n));
    const spread = Math.max(minSigma, Math.min(widestSpread * market, shrunk));
    for (const i of members) apart[i] = (apart[i] ?? 0) / spread;
  }
  return apart;
}

/**
 * The make's cut, in robust spreads of a family's distance from its make's centre (decision 088, "Session 22"): a
 * family nearer than `makeInner` spreads is an ordinary family of its make; further than `makeCut`, it lends its make
 * nothing (its cars do not move the make's level and depreciation) and, sold by three sellers or more, is measured
 * from its own cars (its level no longer shrunk towards the make's); between, its share of the make falls as
 * (1 − v²)², v the way from one to the other.
 */
export const makeInner = 2;
export const makeCut = 3.5;
/** The narrowest spread of the families' levels about their makes' the make's cut assumes (log price). */
const minFamilySpread = 0.03;
/**
 * The widest (log price): in a market of few families, accounts filling sister families would otherwise widen the
 * spread that is to tell them apart (as `widestSpread` within a family).
 */
const widestFamilySpread = 0.08;
/**
 * The least share of the model penalty a family keeps, however far off its make (a family left with no cars in the
 * fit still has a level).
 */
const leastShrinkage = 0.01;

/** A family's share of its make at `apart` spreads from the make's centre (1 within `makeInner`, 0 past `makeCut`). */
export function makeShare(apart: number): number {
  const v = Math.max(0, Math.abs(apart) - makeInner) / (makeCut - makeInner);
  return v < 1 ? (1 - v * v) ** 2 : 0;
}

/**
 * Per model family, its distance from its make's centre in robust spreads (decision 088, "Session 22"). A family's
 * centre is the weighted median of its cars' distances from the make's prediction (`makeResidual`: each car's
 * residual plus its family's level; weights `familyWeight`, the sellers' capped shares per family times standing and
 * the family's own cut); the make's centre is the weighted median over the make's cars of the same distances, with
 * each seller's cars of the make capped together (`makeWeight`), so accounts alone in sister families of a make weigh
 * what their sellers weigh, not what their listings do. The spread is the typical family's distance from its make's
 * centre (weighted median × 1.4826, between `minFamilySpread` and `widestFamilySpread`), widened by the uncertainty of
 * the family's own centre (`carSpread`, the spread of one car, over the root of its cars' effective number): one car of
 * a thin family cannot put its family off its make.
 */
export function familiesApartFromMake(
  observations: readonly MarketObservation[],
  makeResidual: ArrayLike<number>,
  familyWeight: ArrayLike<number>,
  makeWeight: ArrayLike<number>,
  carSpread: number,
): Map<number, number> {
  const byFamily = new Map<number, number[]>();
  const byMake = new Map<number, number[]>();
  observations.forEach((o, i) => {
    const family = byFamily.get(o.modelId);
    if (family) family.push(i);
    else byFamily.set(o.modelId, [i]);
    const make = byMake.get(o.makeId);
    if (make) make.push(i);
    else byMake.set(o.makeId, [i]);
  });
  const makeCentre = new Map<number, number>();
  for (const [makeId, members] of byMake) makeCentre.set(makeId, weightedMedian(members, makeResidual, makeWeight));
  const families = [...byFamily.keys()];
  const offset = new Float64Array(families.length);
  const weight = new Float64Array(families.length);
  const effective = new Float64Array(families.length);
  families.forEach((modelId, k) => {
    const members = byFamily.get(modelId) ?? [];
    const makeId = observations[members[0] ?? 0]?.makeId ?? 0;
    offset[k] = weightedMedian(members, makeResidual, familyWeight) - (makeCentre.get(makeId) ?? 0);
    const sum = members.reduce((s, i) => s + (familyWeight[i] ?? 0), 0);
    const squares = members.reduce((s, i) => s + (familyWeight[i] ?? 0) ** 2, 0);
    weight[k] = sum;
    effective[k] = squares > 0 ? (sum * sum) / squares : 0;
  });
  const distance = Float64Array.from(offset, Math.abs);
  const spread = Math.min(
    widestFamilySpread,
    Math.max(
      minFamilySpread,
      1.4826 *
        weightedMedian(
          families.map((_, k) => k),
          distance,
          weight,
        ),
    ),
  );
  return new Map(
    families.map((modelId, k) => [
      modelId,
      (offset[k] ?? 0) / Math.sqrt(spread ** 2 + carSpread ** 2 / Math.max(1, effective[k] ?? 0)),
    ]),
  );
}

/** What the request path and the wizard read back: the fitted model, by name (decision 088). */
export type MarketCoefficients = {
  refYear: number;

  dense: Record<DenseFeature, number>;
  levels: Record<LevelGroup, Record<string, number>>;
  /** Robust spread of the leave-one-out errors, in log price: the width of the range. */
  sigma: number;
  /** What a car not in the fit needs for its estimate's standard error (absent in a market stored before it). */
  covariance?: MarketCovariance;
  /** Model families whose sellers disagree on where their market is (`contestedFamilies`): not rated. */
  contested?: number[];
  /**
   * Model families of one or two sellers far off their make's centre (their cars weigh under half in the fit): not
   * rated. Whether such a family is a pricier model or a few accounts cannot be told from one or two sellers, and
   * rating its cars against the make would call an honest dearer model "Previsoka cena" (decision 088, "Session 22").
   */
  unsettled?: number[];
  /**
   * Model families off their make's centre, with the share (under 1) of the make's level and depreciation their cars
   * take (decision 088, "Session 22"); a family not here takes all of it.
   */
  shares?: Record<string, number>;
  /**
   * Per make with families in `shares`: the depreciation per year those families borrow for the share they do not
   * take (decision 088, "Session 23"); absent in a market stored before it (they then had the market's only).
   */
  borrowedSlopes?: Record<string, number>;
};

/**
 * The parts of the fit's inverse normal matrix (A⁻¹, so a prediction's variance is σ² · xᵀA⁻¹x) that one
 * car's features touch: the shared block (the dense features, every body and region), and per make and per
 * model family their covariances with it and with each other. A car has one make, one family, one body and
 * one region, so these are all its quadratic form needs: a few thousand numbers, not the p × p inverse.
 */
export type MarketCovariance = {
  shared: string[];
  /** shared × shared, row-major. */
  sharedMatrix: number[];
  /** Per make: covariances of its level (m) and its per-year slope (g) with the shared block, and with each other. */
  make: Record<string, { m: number[]; g: number[]; mm: number; mg: number; gg: number }>;
  /**
   * Per model family: its level's covariances with the shared block, itself, and its make's level and slope; `share`,
   * when under 1, the share of its make's level in the fit's own terms (a family off its make's centre, decision 088,
   * "Session 22": the make level's terms of its cars' variance count times it).
   */
  model: Record<string, { makeId: string; f: number[]; ff: number; fm: number; fg: number; share?: number }>;
};

export type MarketFit = {
  coefficients: MarketCoefficients;
  /** Per observation, in input order: its log price (euros) predicted without it. */
  looLog: Float64Array;
  /** Per observation: the standard error of that prediction's mean, in log price. */
  looSe: Float64Array;
};

type Row = { idx: Int32Array; val: Float64Array };

/** The narrowest spread of comparable prices the range assumes (log price, about ±3 %). */
export const minSigma = 0.03;

/** log(€) of a price in cents. */
export const logEuros = (cents: number) => Math.log(cents / 100);

const median = (xs: ArrayLike<number>): number => {
  const s = Float64Array.from(xs).sort();
  const n = s.length;
  if (n === 0) return 0;
  return n % 2 ? (s[(n - 1) / 2] ?? 0) : ((s[n / 2 - 1] ?? 0) + (s[n / 2] ?? 0)) / 2;
};
const robustScale = (residuals: ArrayLike<number>) => 1.4826 * median(Array.from(residuals, Math.abs)) || 0.05;

/**
 * Fits log price by ridge regression with Huber weights (three reweightings; each car's weight also capped by
 * its seller's share, `sellerWeights`, and cut by its distance from its family's median, `apartFromFamily`), then
 * gives every
 * observation its leave-one-out prediction from the leverage: ŷ₋ᵢ = yᵢ − rᵢ / (1 − hᵢᵢ), exact for
 * a penalised least-squares fit with fixed weights. No car is ever part of its own estimate.
 */
export function fitMarket(observations: readonly MarketObservation[], refYear: number): MarketFit {
  const index = new Map<string, number>();
  denseFeatures.forEach((f, i) => index.set(`d:${f}`, i));
  const penalty: number[] = denseFeatures.map((f) =>
    f === "intercept" ? 0 : indicatorFeatures.has(f) ? penalties.indicator : penalties.dense,
  );
  const rows: Row[] = observations.map((car) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (const [f, v] of Object.entries(denseValues(car, refYear))) {
      idx.push(index.get(`d:${f}`) ?? 0);
      val.push(v);
    }
    for (const { group, level, value } of levelValues(car, refYear)) {
      const key = `${group}:${level}`;
      let at = index.get(key);
      if (at === undefined) {
        at = index.size;
        index.set(key, at);
        penalty.push(penalties[group]);
      }
      idx.push(at);
      val.push(value);
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  });
  const p = index.size;
  const n = rows.length;
  const y = Float64Array.from(observations, (o) => logEuros(o.price));
  // A newcomer weighs a quarter in its family's median and in the fit, against the market's average standing (so a
  // market that is all new, or all established, is weighed as before).
  const rawStanding = observations.map((o) => (o.established === false ? newcomerShare : 1));
  const meanStanding = rawStanding.reduce((s, v) => s + v, 0) / Math.max(1, n);
  const standing = rawStanding.map((v) => v / meanStanding);
  const seller = sellerWeights(observations);
  const prior = Float64Array.from(seller, (v, i) => v * (standing[i] ?? 1));
  const makeSeller = sellerWeights(observations, "make");
  const makePrior = Float64Array.from(makeSeller, (v, i) => v * (standing[i] ?? 1));
  /** Each car's family level parameter, and its distance from the make's prediction (residual + family level). */
  const familyAt = Int32Array.from(observations, (o) => index.get(`model:${o.modelId}`) ?? -1);
  const makeResidual = new Float64Array(n);
  /** Each car's make level parameter, and where its row holds it. */
  const makeAt = Int32Array.from(observations, (o) => index.get(`make:${o.makeId}`) ?? -1);
  const makeSlot = Int32Array.from(rows, (r, i) => r.idx.indexOf(makeAt[i] ?? -1));
  const slopeAt = Int32Array.from(observations, (o) => index.get(`makeAge:${o.makeId}`) ?? -1);
  const slopeSlot = Int32Array.from(rows, (r, i) => r.idx.indexOf(slopeAt[i] ?? -1));
  const ageOf = Float64Array.from(observations, (o) => ageAt(o, refYear));
  /**
   * Per model family's level parameter: its share in its make's level (`lends`, 1: as any family; 0: off its make's
   * centre, it borrows the make's level as a prior and lends it nothing) and the make level it borrows (`borrows`:
   * its make's level at the last round, times 1 − the share).
   */
  const lends = new Map<number, number>();
  const borrows = new Map<number, number>();
  /**
   * Per car: the make's depreciation its family borrows and does not lend (1 − its share, times its make's borrowed
   * depreciation per year at the last round, `borrowedRate`, times its age), a fixed offset of its log price in the
   * next round. A family off its make keeps its make's depreciation as the make's other families set it, not only the
   * market's (decision 088, "Session 23").
   */
  const borrowedSlope = new Float64Array(n);
  /**
   * Per make's slope parameter: the depreciation per year its off families borrow, the make's slope times the share of
   * the weight that sets it (the make's cars, each times its family's share and its family cut) that is established:
   * new listings alone in sister families cannot tilt what a family measured from its own cars borrows.
   */
  const borrowedRate = new Map<number, number>();
  /** Each family's make level parameter. */
  const makeOfFamily = new Map(observations.map((o, i) => [o.modelId, makeAt[i] ?? -1]));
  /** A family of one or two sellers off its make's centre: the share its cars weigh in the fit (per car). */
  const fewSellersShare = new Map<number, number>();
  const makeKept = new Float64Array(n).fill(1);
  /** Each family's sellers: one or two sellers' prices never free their family's level from the make's. */
  const sellersOf = new Map<number, Set<string>>();
  observations.forEach((o, i) => {
    const set = sellersOf.get(o.modelId) ?? new Set<string>();
    set.add(o.sellerKey ?? `car ${i}`);
    sellersOf.set(o.modelId, set);
  });
  const w = Float64Array.from(prior);
  /** Each car's share left by its distance from its family's centre (1 until the first reweighting). */
  const kept = new Float64Array(n).fill(1);
  /** Each car's distance from its family's centre, in log price, at the last reweighting. */
  const offCentre = new Float64Array(n);
  const predict = (beta: Float64Array, r: Row) => {
    let s = 0;
    for (let k = 0; k < r.idx.length; k++) s += (beta[r.idx[k] ?? 0] ?? 0) * (r.val[k] ?? 0);
    return s;
  };
  const normal = () => {
    const a = new Float64Array(p * p);
    const b = new Float64Array(p);
    for (let i = 0; i < p; i++) a[i * p + i] = penalty[i] ?? 0;
    rows.forEach((r, i) => {
      const wi = w[i] ?? 0;
      for (let k = 0; k < r.idx.length; k++) {
        const ik = r.idx[k] ?? 0;
        const vk = (r.val[k] ?? 0) * wi;
        b[ik] = (b[ik] ?? 0) + vk * ((y[i] ?? 0) - (borrowedSlope[i] ?? 0));
        for (let m = 0; m < r.idx.length; m++) {
          const at = ik * p + (r.idx[m] ?? 0);
          a[at] = (a[at] ?? 0) + vk * (r.val[m] ?? 0);
        }
      }
    });
    // A family that lends its make nothing is shrunk towards the make's level as the other families set it.
    for (const [at, target] of borrows) b[at] = (b[at] ?? 0) + (penalty[at] ?? 0) * target;
    // A level nobody uses has only its penalty; a free intercept with no data would be singular.
    for (let i = 0; i < p; i++) if (!((a[i * p + i] ?? 0) > 0)) a[i * p + i] = 1e-9;
    return { a, b };
  };

  /**
   * Car i's price over its make's prediction, as the fit puts it: its family's level less the make's level it does not
   * lend (the make's depreciation it does not lend it borrows, `borrowedSlope`).
   */
  const familyLevel = (beta: Float64Array, i: number) => {
    const at = familyAt[i] ?? -1;
    return (beta[at] ?? 0) - (1 - (lends.get(at) ?? 1)) * (beta[makeAt[i] ?? -1] ?? 0);
  };
  let l: Float64Array = new Float64Array(0);
  let beta: Float64Array = new Float64Array(p);
  const residual = new Float64Array(n);
  for (let round = 0; round < 4; round++) {
    const { a, b } = normal();
    l = cholesky(a, p);
    beta = choleskySolve(l, p, b);
    rows.forEach((r, i) => {
      residual[i] = (y[i] ?? 0) - (borrowedSlope[i] ?? 0) - predict(beta, r);
    });
    if (round === 3) break;
    const scale = robustScale(residual);
    const apart = apartFromFamily(observations, residual, prior, offCentre);
    const huber = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      huber[i] = Math.min(1, (1.345 * scale) / Math.max(1e-12, Math.abs(residual[i] ?? 0)));
      const u = (apart[i] ?? 0) / (observations[i]?.established === false ? newcomerCut : familyCut);
      kept[i] = Math.abs(u) < 1 ? (1 - u * u) ** 2 : 0;
    }
    // A family far off its make's centre lends the make's level nothing (its cars' make column is its share); with
    // three sellers or more it is measured from its own cars (its level shrunk less), with fewer its cars weigh their
    // share in the fit (one or two sellers' far-off prices are not a family of their own): accounts alone in sister
    // families cannot move the level a thin family leans on, nor the market's shared features (decision 088,
    // "Session 22").
    for (let i = 0; i < n; i++) makeResidual[i] = (residual[i] ?? 0) + familyLevel(beta, i);
    const apartFromMake = familiesApartFromMake(
      observations,
      makeResidual,
      Float64Array.from(prior, (v, i) => v * (kept[i] ?? 0)),
      Float64Array.from(makePrior, (v, i) => v * (kept[i] ?? 0)),
      scale,
    );
    fewSellersShare.clear();
    for (const [modelId, apart] of apartFromMake) {
      const at = index.get(`model:${modelId}`);
      if (at === undefined) continue;
      const share = makeShare(apart);
      lends.set(at, share);
      borrows.set(at, (1 - share) * (beta[makeOfFamily.get(modelId) ?? -1] ?? 0));
      if ((sellersOf.get(modelId)?.size ?? 0) >= contestingSellers)
        penalty[at] = penalties.model * Math.max(leastShrinkage, share);
      else fewSellersShare.set(modelId, share);
    }
    const lent = new Map<number, { all: number; established: number }>();
    observations.forEach((o, i) => {
      const weight = (makePrior[i] ?? 0) * (kept[i] ?? 0) * (lends.get(familyAt[i] ?? -1) ?? 1);
      const sum = lent.get(slopeAt[i] ?? -1) ?? { all: 0, established: 0 };
      sum.all += weight;
      if (o.established !== false) sum.established += weight;
      lent.set(slopeAt[i] ?? -1, sum);
    });
    borrowedRate.clear();
    for (const [at, { all, established }] of lent)
      borrowedRate.set(at, all > 0 ? ((beta[at] ?? 0) * established) / all : 0);
    observations.forEach((o, i) => {
      borrowedSlope[i] =
        (1 - (lends.get(familyAt[i] ?? -1) ?? 1)) * (borrowedRate.get(slopeAt[i] ?? -1) ?? 0) * (ageOf[i] ?? 0);
      makeKept[i] = fewSellersShare.get(o.modelId) ?? 1;
      w[i] = (prior[i] ?? 1) * (huber[i] ?? 0) * (kept[i] ?? 0) * (makeKept[i] ?? 1);
    });
    rows.forEach((r, i) => {
      const share = lends.get(familyAt[i] ?? -1) ?? 1;
      const slot = makeSlot[i] ?? -1;
      if (slot >= 0) r.val[slot] = share;
      const slope = slopeSlot[i] ?? -1;
      if (slope >= 0) r.val[slope] = share * (ageOf[i] ?? 0);
    });
  }

  const inverse = choleskyInverse(l, p);
  const looLog = new Float64Array(n);
  const quad = new Float64Array(n);
  rows.forEach((r, i) => {
    let q = 0;
    for (let k = 0; k < r.idx.length; k++) {
      const row = (r.idx[k] ?? 0) * p;
      for (let m = 0; m < r.idx.length; m++)
        q += (r.val[k] ?? 0) * (inverse[row + (r.idx[m] ?? 0)] ?? 0) * (r.val[m] ?? 0);
    }
    quad[i] = q;
    const h = Math.min(0.999, (w[i] ?? 0) * q);
    looLog[i] = (y[i] ?? 0) - (residual[i] ?? 0) / (1 - h);
  });
  // Never narrower than 3 %: a market of many identical listings (a dealer's fleet at one price) would
  // otherwise give a range of zero width.
  // The spread of the cars the fit kept: cars far off their family's market (accounts acting
  // together, a placeholder price) are not where comparable cars are priced, so they do not widen every car's range.
  const looError = Float64Array.from(looLog, (v, i) => Math.abs((y[i] ?? 0) - v));
  const sigma = Math.max(
    minSigma,
    1.4826 *
      weightedMedian(
        Array.from(looError, (_, i) => i),
        looError,
        Float64Array.from(kept, (v, i) => v * (makeKept[i] ?? 1)),
      ),
  );
  const looSe = Float64Array.from(quad, (q, i) => sigma * Math.sqrt(q / Math.max(0.001, 1 - (w[i] ?? 0) * q)));

  const covariance = covarianceBlocks(index, inverse, observations, lends);
  const dense = Object.fromEntries(denseFeatures.map((f, i) => [f, beta[i] ?? 0])) as Record<DenseFeature, number>;
  const levels = Object.fromEntries(levelGroups.map((g) => [g, {} as Record<string, number>])) as Record<
    LevelGroup,
    Record<string, number>
  >;
  for (const [key, at] of index) {
    const [group, level] = key.split(/:(.*)/s) as [string, string];
    if (group !== "d") levels[group as LevelGroup][level] = beta[at] ?? 0;
  }
  // The families off their makes' centres, with the share of the make's level and depreciation their cars take.
  const shares: Record<string, number> = {};
  for (const [key, at] of index) {
    const share = lends.get(at) ?? 1;
    if (key.startsWith("model:") && share < 1) shares[key.slice("model:".length)] = round6(share);
  }
  // The depreciation the makes with families off their centres lend those families.
  const slopes: Record<string, number> = {};
  observations.forEach((o, i) => {
    if ((lends.get(familyAt[i] ?? -1) ?? 1) < 1)
      slopes[String(o.makeId)] = round6(borrowedRate.get(slopeAt[i] ?? -1) ?? 0);
  });
  const contested = contestedFamilies(observations, seller, kept, offCentre);
  const unsettled = [...fewSellersShare].filter(([, share]) => share < unsettledShare).map(([modelId]) => modelId);
  return {
    coefficients: {
      refYear,
      dense,
      levels,
      sigma,
      covariance,
      contested: [...contested].sort((a, b) => a - b),
      ...(Object.keys(shares).length > 0 ? { shares, borrowedSlopes: slopes } : {}),
      ...(unsettled.length > 0 ? { unsettled: unsettled.sort((a, b) => a - b) } : {}),
    },
    looLog,
    looSe,
  };
}

/**
 * The share of a family's established cars' weight (sellers' shares) the fit may leave out before the family is
 * contested: its sellers disagree on where its market is (accounts acting together that outweigh the honest sellers,
 * or two trims priced apart), and no car of it is rated, "Ni dovolj podatkov", rather than rated against the side that
 * happens to weigh more (decision 088, "Session 21").
 */
export const contestedShare = 0.25;
/**
 * The fewest sellers whose cars the fit left out that contest a family: one seller's odd prices (a placeholder, a
 * typo, a fleet) are left out of the fit, not a reason to rate nobody, and never a car's own price its own rating.
 */
export const contestingSellers = 3;

/** A family of fewer than `contestingSellers` sellers whose cars weigh less than this share in the fit is not rated. */
export const unsettledShare = 0.5;
/** A car the biweight has cut to under this share of its weight is left out (past about 3.25 spreads). */
const leftOut = 0.25;

/**
 * A car this far from its family's centre (log price, ≈ 16 %) counts as left out for `contestedFamilies` whatever the
 * spread: a spread widened by the disagreement itself (or by a market of odd families) must not hide it.
 */
const farOff = 0.15;

/**
 * The model families whose established cars' weight the fit left out (or `farOff` from the centre) on one side of the
 * family's centre, above it or below, more than `contestedShare` of, from `contestingSellers` sellers or more. Sellers
 * who disagree on where the market is (accounts outweighing the honest sellers, a dearer trim) are left out on one side;
 * honest noise (an old car at its price floor above, a special offer below) falls on both, and counted together a
 * noisy honest family of twenty cars sat at the quarter, where a nudge of the fit rated none of it (decision 088,
 * "Session 24").
 */
export function contestedFamilies(
  observations: readonly MarketObservation[],
  weight: ArrayLike<number>,
  kept: ArrayLike<number>,
  offCentre?: ArrayLike<number>,
): Set<number> {
  const total = new Map<number, number>();
  const out = new Map<string, { family: number; weight: number; sellers: Set<string> }>();
  observations.forEach((o, i) => {
    if (o.established === false) return;
    const wi = weight[i] ?? 0;
    total.set(o.modelId, (total.get(o.modelId) ?? 0) + wi);
    const off = offCentre?.[i] ?? 0;
    if ((kept[i] ?? 1) >= leftOut && Math.abs(off) <= farOff) return;
    const side = `${o.modelId}:${off < 0 ? "below" : "above"}`;
    const sum = out.get(side) ?? { family: o.modelId, weight: 0, sellers: new Set<string>() };
    sum.weight += wi;
    sum.sellers.add(o.sellerKey ?? `car ${i}`);
    out.set(side, sum);
  });
  return new Set(
    [...out.values()]
      .filter(
        ({ family, weight: w, sellers }) =>
          w > contestedShare * (total.get(family) ?? 0) && sellers.size >= contestingSellers,
      )
      .map(({ family }) => family),
  );
}

/** Six significant digits: the blocks are stored as JSON, and a standard error needs no more. */
const round6 = (x: number) => Number(x.toPrecision(6));

function covarianceBlocks(
  index: Map<string, number>,
  inverse: Float64Array,
  observations: readonly MarketObservation[],
  lends: ReadonlyMap<number, number>,
): MarketCovariance {
  const p = index.size;
  const at = (i: number, j: number) => round6(inverse[i * p + j] ?? 0);
  const shared = [...index.keys()].filter((k) => /^(d|body|region):/.test(k));
  const sharedAt = shared.map((k) => index.get(k) ?? 0);
  const withShared = (i: number) => sharedAt.map((s) => at(i, s));
  const make: MarketCovariance["make"] = {};
  const model: MarketCovariance["model"] = {};
  const makeOf = new Map(observations.map((o) => [String(o.modelId), String(o.makeId)]));
  for (const [key, i] of index) {
    const [group, level] = key.split(/:(.*)/s) as [string, string];
    if (group === "make") {
      const g = index.get(`makeAge:${level}`) ?? -1;
      make[level] =
        g < 0
          ? { m: withShared(i), g: shared.map(() => 0), mm: at(i, i), mg: 0, gg: 0 }
          : { m: withShared(i), g: withShared(g), mm: at(i, i), mg: at(i, g), gg: at(g, g) };
    } else if (group === "model") {
      const makeId = makeOf.get(level) ?? "";
      const m = index.get(`make:${makeId}`);
      const g = index.get(`makeAge:${makeId}`);
      const share = lends.get(i) ?? 1;
      model[level] = {
        makeId,
        f: withShared(i),
        ff: at(i, i),
        fm: m === undefined ? 0 : at(i, m),
        fg: g === undefined ? 0 : at(i, g),
        ...(share < 1 ? { share: round6(share) } : {}),
      };
    }
  }
  return { shared, sharedMatrix: sharedAt.flatMap((r) => sharedAt.map((c) => at(r, c))), make, model };
}

/**
 * The standard error (log price) of the estimate for a car that is not in the fit: σ · √(xᵀA⁻¹x). A level
 * the fit never saw is its prior alone (variance 1 / its penalty, independent of the rest). A market stored
 * without the blocks gives no standard error (infinity: not rated until the next run).
 */
export function predictionSe(c: MarketCoefficients, car: MarketCar): number {
  const cov = c.covariance;
  if (!cov) return Number.POSITIVE_INFINITY;
  const position = new Map(cov.shared.map((k, i) => [k, i]));
  const x = new Float64Array(cov.shared.length);
  let q = 0;
  for (const [f, v] of Object.entries(denseValues(car, c.refYear))) {
    const i = position.get(`d:${f}`);
    if (i !== undefined) x[i] = v;
  }
  let age = 0;
  for (const { group, level, value } of levelValues(car, c.refYear)) {
    if (group === "makeAge") age = value;
    if (group !== "body" && group !== "region") continue;
    const i = position.get(`${group}:${level}`);
    if (i === undefined) q += (value * value) / penalties[group];
    else x[i] = value;
  }
  const n = x.length;
  const dot = (v: readonly number[]) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += (x[i] ?? 0) * (v[i] ?? 0);
    return s;
  };
  for (let i = 0; i < n; i++) {
    const xi = x[i] ?? 0;
    if (xi === 0) continue;
    for (let j = 0; j < n; j++) q += xi * (cov.sharedMatrix[i * n + j] ?? 0) * (x[j] ?? 0);
  }
  const make = cov.make[String(car.makeId)];
  const model = cov.model[String(car.modelId)];
  // The make level's and depreciation's columns in the fit for this car take its family's share (1 but for a family
  // off its make's centre).
  const s = make && model && model.makeId === String(car.makeId) ? (model.share ?? 1) : 1;
  const a = s * age;
  if (make) q += 2 * s * dot(make.m) + 2 * a * dot(make.g) + s * s * make.mm + 2 * s * a * make.mg + a * a * make.gg;
  else q += 1 / penalties.make + (age * age) / penalties.makeAge;
  if (model) {
    q += 2 * dot(model.f) + model.ff;
    if (make && model.makeId === String(car.makeId)) q += 2 * s * model.fm + 2 * a * model.fg;
  } else q += 1 / penalties.model;
  return c.sigma * Math.sqrt(Math.max(0, q));
}

/**
 * The share of its make's level and depreciation a car's family takes (decision 088, "Session 22"): under 1 for a
 * family the fit found off its make's centre, 1 for any other (and for a family the fit never saw).
 */
export function familyShare(c: MarketCoefficients, car: Pick<MarketCar, "modelId">): number {
  return c.levels.model[String(car.modelId)] === undefined ? 1 : (c.shares?.[String(car.modelId)] ?? 1);
}

/**
 * The make's depreciation per year a car takes: its family's share of its make's slope, and the rest as the make
 * lends it to a family off its centre (`borrowedSlopes`, decision 088, "Session 23").
 */
export function makeDepreciation(c: MarketCoefficients, car: MarketCar): number {
  const share = familyShare(c, car);
  const own = c.levels.makeAge[String(car.makeId)] ?? 0;
  return share * own + (share < 1 ? (1 - share) * (c.borrowedSlopes?.[String(car.makeId)] ?? 0) : 0);
}

/** The log price (euros) the coefficients give a car; a level the fit never saw counts as zero. */
export function predictLog(c: MarketCoefficients, car: MarketCar): number {
  let s = 0;
  for (const [f, v] of Object.entries(denseValues(car, c.refYear))) s += (c.dense[f as DenseFeature] ?? 0) * v;
  const share = familyShare(c, car);
  for (const { group, level, value } of levelValues(car, c.refYear))
    s +=
      group === "makeAge"
        ? makeDepreciation(c, car) * value
        : (c.levels[group][level] ?? 0) * value * (group === "make" ? share : 1);
  return s;
}
