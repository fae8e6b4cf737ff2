/** Splits a list into lists of at most `size` (D1 binds at most 100 parameters a statement). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** D1's limit of bound parameters a statement, less room for the query's own parameters. */
export const maxBoundIds = 90;
