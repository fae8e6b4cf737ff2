/** Strips everything but digits (input masking for numeric fields; kept free of zod for the client bundle). */
export function digitsOnly(s: string): string {
  return s.replace(/\D/g, "");
}
