// A VIN as people type or paste it, made comparable. No zod here: the wizard's first step imports it and loads
// the validation library only when the form is sent (e2e/page-weight.spec.ts holds /nov-oglas to that).

/** Removes the spaces/dashes people type or paste from registration papers and upper-cases. */
export function normalizeVin(s: string): string {
  return s.replace(/[\s-]+/g, "").toUpperCase();
}
