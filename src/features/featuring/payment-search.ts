import { type FeaturingChoice, isFeaturingPackage } from "~/domain/featuring";

// The addresses a card checkout returns to (decision 062). Small on purpose: route search parsers are in the entry chunk.

/** `?razlog=preklicano&paket=…&dni=…` on /oglasevanje/{postId}/napaka: the buyer cancelled at the checkout. */
export type PaymentReturnSearch = { razlog?: "preklicano"; paket?: string; dni?: string };

/** `?placilo=preklicano&paket=…&dni=…` on /oglasevanje/{postId}: back on the packages after a cancel. */
export type PackagesSearch = { placilo?: "preklicano"; paket?: string; dni?: string };

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : undefined);

/** The choice the address carries, kept only when it is a package and a whole number of days. */
const choiceOf = (search: Record<string, unknown>) => {
  const paket = text(search.paket);
  const dni = text(search.dni);
  return isFeaturingPackage(paket) && dni !== undefined && /^\d{1,3}$/.test(dni) ? { paket, dni } : {};
};

export const paymentReturnSearch = (search: Record<string, unknown>): PaymentReturnSearch =>
  search.razlog === "preklicano" ? { razlog: "preklicano", ...choiceOf(search) } : {};

export const packagesSearch = (search: Record<string, unknown>): PackagesSearch => ({
  ...(search.placilo === "preklicano" ? { placilo: "preklicano" as const } : {}),
  ...choiceOf(search),
});

/** The earlier choice from the address, or null. */
export function choiceFromSearch(search: PackagesSearch): FeaturingChoice | null {
  return isFeaturingPackage(search.paket) && search.dni ? { package: search.paket, days: Number(search.dni) } : null;
}
