/**
 * Slovenian company identifiers typed on the dealer registration form: the tax number (davčna
 * številka) and the registration number (matična številka). Pure, shared by the form and the API.
 */

/** What people paste from invoices: "SI 80267432", "80 267 432", "8026-7432" → "80267432". */
export function normalizeTaxNumber(s: string): string {
  return s.replace(/[\s.\-/]/g, "").replace(/^SI/i, "");
}

// The tax administration's mod-11 scheme: weights 8..2 on the first seven digits.
const taxWeights = [8, 7, 6, 5, 4, 3, 2] as const;

/**
 * True for an 8-digit Slovenian tax number whose last digit is its check digit: 11 − (weighted sum
 * mod 11), where 10 becomes 0 and 11 is never issued. Numbers never start with 0.
 */
export function isValidTaxNumber(s: string): boolean {
  const n = normalizeTaxNumber(s);
  if (!/^[1-9]\d{7}$/.test(n)) return false;
  const sum = taxWeights.reduce((acc, w, i) => acc + w * Number(n[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return false;
  return (check === 10 ? 0 : check) === Number(n[7]);
}

/** Spaces and dots people type in long numbers are dropped: "1234567 000" → "1234567000". */
export function normalizeRegistrationNumber(s: string): string {
  return s.replace(/[\s.\-/]/g, "");
}

/** A registration number has 7 digits (the company) or 10 (the company and its unit, e.g. "…000"). */
export function isValidRegistrationNumber(s: string): boolean {
  return /^(?:\d{7}|\d{10})$/.test(normalizeRegistrationNumber(s));
}
