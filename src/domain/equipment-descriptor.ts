/**
 * Which additional-equipment descriptor a posting shows. A descriptor is tied to one equipment code
 * and may be limited to some makes (manufacturer codes); an empty list means every make.
 */
export type DescriptorScope = { id: number; equipmentCode: string; limitedToMakes: readonly string[] };

const appliesTo = (d: DescriptorScope, makeCode: string | null) =>
  d.limitedToMakes.length === 0 || (makeCode !== null && d.limitedToMakes.includes(makeCode));

/**
 * The descriptor a posting of make `makeCode` shows for `equipmentCode`: one limited to that make wins
 * over a general one; among equals the oldest (lowest id), so the choice never flickers.
 */
export function pickDescriptor<T extends DescriptorScope>(
  candidates: readonly T[],
  equipmentCode: string,
  makeCode: string | null,
): T | null {
  let best: T | null = null;
  for (const d of candidates) {
    if (d.equipmentCode !== equipmentCode || !appliesTo(d, makeCode)) continue;
    const specific = d.limitedToMakes.length > 0;
    const bestSpecific = best !== null && best.limitedToMakes.length > 0;
    if (best === null || (specific && !bestSpecific) || (specific === bestSpecific && d.id < best.id)) best = d;
  }
  return best;
}

/**
 * Another descriptor of the same equipment that a posting could show instead of `candidate`: two
 * general ones, or two limited ones sharing a make. (A general and a limited one do not clash: the
 * limited one wins for its makes.) Null when there is none.
 */
export function clashingDescriptor<T extends DescriptorScope>(
  existing: readonly T[],
  candidate: { id?: number; equipmentCode: string; limitedToMakes: readonly string[] },
): T | null {
  for (const d of existing) {
    if (d.id === candidate.id || d.equipmentCode !== candidate.equipmentCode) continue;
    if (d.limitedToMakes.length === 0 && candidate.limitedToMakes.length === 0) return d;
    if (d.limitedToMakes.some((make) => candidate.limitedToMakes.includes(make))) return d;
  }
  return null;
}
