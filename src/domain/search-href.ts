/** The quick search of the home page as a /iskanje URL in the spec's filter syntax. */
export function quickSearchHref(input: {
  manufacturer?: string;
  model?: string;
  priceTo?: string;
  yearFrom?: string;
  fuel?: string;
}): string {
  const params = new URLSearchParams();
  const make = input.manufacturer?.trim();
  if (make) params.set("model", input.model?.trim() ? `${make}(${input.model.trim()})` : make);
  const price = input.priceTo?.replace(/\D/g, "");
  if (price) params.set("price", `..${price}`);
  const year = input.yearFrom?.replace(/\D/g, "");
  if (year) params.set("year", `${year}..`);
  if (input.fuel?.trim()) params.set("fuel", input.fuel.trim());
  const query = params.toString();
  return query ? `/iskanje?${query}` : "/iskanje";
}

/** The AI free-text search: /iskanje?ai=<encoded text>. */
export const aiSearchHref = (text: string) => `/iskanje?ai=${encodeURIComponent(text.trim())}`;
