/**
 * Deterministic parser for the Slovenian free-text search box: "rdeč dizelski karavan do 15.000 €"
 * becomes the same `SearchFilters` the filter form would produce. Rule based on purpose: the same
 * text must always give the same filters, every decision must be explainable from a test, and a
 * word it does not know must never turn into a filter (unknown words are simply ignored).
 *
 * A pipeline, one file per stage: lexicon.ts (keyword rules) → tokens.ts (normalised tokens) →
 * numbers.ts (numeric expressions) → catalog-index.ts and catalog-match.ts (makes and models) →
 * typos.ts (misspelt keywords) → parse.ts (runs the passes and assembles the filters).
 */
export type { AiCatalogMake } from "./catalog-index";
export { analyseFreeText, type FreeTextAnalysis, parseFreeTextSearch } from "./parse";
