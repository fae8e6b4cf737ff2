/**
 * The little linear algebra the market-value fit needs (decision 088): a symmetric positive-definite
 * p × p matrix, row-major in a Float64Array, factored by Cholesky. p is the number of parameters
 * (a few hundred at 100,000 postings), so dense O(p³) is a fraction of a second.
 */

/** Cholesky factor L (lower, row-major) of a symmetric positive-definite matrix; throws if it is not. */
export function cholesky(a: Float64Array, p: number): Float64Array {
  const l = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    let d = a[j * p + j] ?? 0;
    const rowJ = j * p;
    for (let k = 0; k < j; k++) {
      const v = l[rowJ + k] ?? 0;
      d -= v * v;
    }
    if (!(d > 0)) throw new Error(`matrix not positive definite at ${j}`);
    const djj = Math.sqrt(d);
    l[rowJ + j] = djj;
    for (let i = j + 1; i < p; i++) {
      const rowI = i * p;
      let s = a[rowI + j] ?? 0;
      for (let k = 0; k < j; k++) s -= (l[rowI + k] ?? 0) * (l[rowJ + k] ?? 0);
      l[rowI + j] = s / djj;
    }
  }
  return l;
}

/** Solves (L Lᵀ) x = b for x. */
export function choleskySolve(l: Float64Array, p: number, b: ArrayLike<number>): Float64Array {
  const y = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let s = b[i] ?? 0;
    const row = i * p;
    for (let k = 0; k < i; k++) s -= (l[row + k] ?? 0) * (y[k] ?? 0);
    y[i] = s / (l[row + i] ?? 1);
  }
  const x = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i] ?? 0;
    for (let k = i + 1; k < p; k++) s -= (l[k * p + i] ?? 0) * (x[k] ?? 0);
    x[i] = s / (l[i * p + i] ?? 1);
  }
  return x;
}

/** (L Lᵀ)⁻¹, symmetric, row-major: for the leverage of each observation. */
export function choleskyInverse(l: Float64Array, p: number): Float64Array {
  // L⁻¹ first (lower triangular), then A⁻¹ = L⁻ᵀ L⁻¹.
  const inv = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    inv[j * p + j] = 1 / (l[j * p + j] ?? 1);
    for (let i = j + 1; i < p; i++) {
      let s = 0;
      const row = i * p;
      for (let k = j; k < i; k++) s -= (l[row + k] ?? 0) * (inv[k * p + j] ?? 0);
      inv[row + j] = s / (l[row + i] ?? 1);
    }
  }
  const out = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < p; k++) s += (inv[k * p + i] ?? 0) * (inv[k * p + j] ?? 0);
      out[i * p + j] = s;
      out[j * p + i] = s;
    }
  }
  return out;
}
