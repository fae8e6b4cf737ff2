/**
 * Stage 4c of the free-text search pipeline: a word the catalog did not take and no keyword
 * knows is compared with the keywords people misspell most ("karavn", "avtomatk", "navigacja");
 * one letter off (two in long words), with the same first letter, it is read as that keyword.
 */
import { isReserved, isStopWord } from "./catalog-index";
import { editDistance } from "./catalog-match";
import type { Token } from "./tokens";

/** Canonical spellings; each is a word some keyword rule accepts (the unit test checks that). */
export const typoVocabulary = [
  "karavan",
  "karavana",
  "limuzina",
  "limuzino",
  "kombilimuzina",
  "kombilimuzino",
  "terenec",
  "terenca",
  "enoprostorec",
  "kabriolet",
  "dostavnik",
  "dizel",
  "dizelski",
  "dizelsko",
  "bencin",
  "bencinski",
  "bencinar",
  "hibrid",
  "hibridni",
  "elektricni",
  "elektricen",
  "elektricno",
  "avtomatik",
  "avtomatiko",
  "avtomatski",
  "avtomatsko",
  "polavtomatski",
  "rocni",
  "rocnik",
  "navigacija",
  "navigacijo",
  "tempomat",
  "panorama",
  "panoramsko",
  "kamera",
  "kamero",
  "klimatronik",
  "usnje",
  "usnjem",
  "metalik",
  "srebrna",
  "srebrno",
  "srebrn",
  "rdeca",
  "rdeco",
  "modra",
  "modro",
  "zelena",
  "zeleno",
  "rjava",
  "rjavo",
  "temnosiva",
  "svetlosiva",
  "rabljen",
  "rabljeno",
  "karamboliran",
  "nekaramboliran",
  "nekarambolirano",
  "poskodovan",
  "servisiran",
  "financiranje",
  "leasing",
  "menjava",
  "zasebnik",
  "zasebnika",
  "trgovec",
  "trgovca",
  "ljubljana",
  "ljubljani",
  "maribor",
  "mariboru",
  "xenon",
  "bluetooth",
] as const;

const byFirstLetter = new Map<string, string[]>();
for (const w of typoVocabulary) byFirstLetter.set(w.charAt(0), [...(byFirstLetter.get(w.charAt(0)) ?? []), w]);

/** The keyword a misspelt word stands for, or null. Short words are left alone: "bila" is not "bela". */
export function correctedKeyword(t: string): string | null {
  if (t.length < 5 || !/^[a-z]+$/.test(t) || isStopWord(t) || isReserved(t)) return null;
  const max = t.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const w of byFirstLetter.get(t.charAt(0)) ?? []) {
    const d = editDistance(t, w, max);
    if (d < bestDistance) [best, bestDistance] = [w, d];
  }
  return best;
}

/** Rewrites the free misspelt tokens to their keyword, before the keyword rules run. */
export function correctTypos(tokens: readonly Token[]): void {
  for (const tok of tokens) {
    if (tok.used) continue;
    const fixed = correctedKeyword(tok.t);
    if (fixed) tok.t = fixed;
  }
}
