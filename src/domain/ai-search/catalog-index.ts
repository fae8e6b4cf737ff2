/**
 * Stage 4a of the free-text search pipeline: the index of makes and models the matcher looks
 * words up in, and the words that must never be read as a make or model (everything the lexicon
 * and the number stage claim, plus common Slovenian words).
 */
import { mainRules, preRules } from "./lexicon";
import { comparators, currencyWord, hints, multipliers, posts, unitWords } from "./numbers";
import { fold, scan } from "./tokens";

export type AiCatalogMake = { code: string; name: string; models: { code: string; name: string }[] };

export const maxPhraseWords = 5;

// ---------------------------------------------------------------------------------------------
// Words that must never be read as a make or model, however close they are to one.

const stopWords = new Set(
  `a ali al in ter pa oz oziroma tudi se ze ne ni je so sem smo ste bo bi bil bila bilo bodo naj
  potrebujem iscemo rabimo nekaj neki neko nekega kaksen kaksna kaksno si
  v na za z s k o iz pri po od do pod nad med pred cez brez proti okoli
  kot ki ko ker da ce kaj kje kdaj kako kateri katera katero kdo koga komu kar kadar tak taka tako
  jaz ti on ona mi vi oni moj moja moje tvoj nas vas za zame sebi
  avto avta avtu avtom avti avtov auto avtomobil avtomobila avtomobili avtomobilov vozilo vozila vozil vozilu
  prodam prodamo prodaja prodajam kupim kupimo kupil kupiti iscem iscemo rabim zelim hocem imam ima imajo
  letnik letnika leto leta let letu letos lani model modela
  cena cene ceno ceni eur evrov evra evro euro km kw ks ps hp tisoc tisocev
  max maks min cca okrog priblizno vsaj najvec najmanj manj vec
  zelo dobro dober dobra dobri lep lepa lepo lepi super odlicno odlicen odlicna odlicni
  ohranjen ohranjeno ohranjena stanje stanju stanja poln polna polno polni
  opremljen opremljena opremljeno oprema opremo opreme dela delu delo del tema temo teme
  ena en eno dva dve tri stiri pet sest sedem osem devet deset
  prvi prva prvo vrata vrat sedezi sedezev sedez
  hitro takoj nujno poceni ugodno ugoden ugodna rad rada lahko mora
  druzino druzina druzinski druzinsko mesto mesta star stara staro stari
  audio video radio pola pol kupe dan noc mera mere meri sola sole gume guma
  prevozenih prevozeni motor motorja motorjem menjalnik menjalnika barva barve barvo
  nujno iscem sem zanima zanimajo ponudba ponudbe prosim hvala lp
  noce noter nore konca koncu konec kola kolo kosa kopa resno rent delat delna delno mimo milo meni mene
  mocan mocna mocno mocni trcil trcen trcena trceno dokler stevilo stevila januar januarja koles start niso nivo
  prestar prestara prestaro prestari prestarega pada pole poli tiho tipa tip moto mine pero sala karo kart leno stal spal koma kora trak vino open form`
    .split(/\s+/)
    .filter(Boolean),
);

// One alternation instead of hundreds of separate tests: this runs for every token of every query.
const reservedPattern = new RegExp(
  [
    ...preRules.flatMap((r) => r.words),
    ...mainRules.flatMap((r) => r.words),
    ...comparators.flatMap((s) => s.words),
    ...hints.flatMap((s) => s.words),
    ...posts.flatMap((s) => s.words),
    currencyWord,
  ]
    .map((re) => `(?:${re.source})`)
    .join("|"),
);

/** Filler that carries no filter: never listed among the words the parser did not understand. */
export const isStopWord = (t: string) => stopWords.has(t);

export function isReserved(t: string): boolean {
  return stopWords.has(t) || Object.hasOwn(multipliers, t) || Object.hasOwn(unitWords, t) || reservedPattern.test(t);
}

// ---------------------------------------------------------------------------------------------
// Catalog index: built once per catalog array and cached, since ~400 models are matched per query.

export type Entry = {
  words: string[];
  key: string;
  compact: string;
  /** Written without any separator in the catalog ("X5", "RAV4"), so "x 5" needs care. */
  glued: boolean;
  make: string;
  model: string | null;
  /** Only after its make ("bmw 3", "mercedes c", "peugeot 208"): alone it is a number or a word. */
  contextOnly: boolean;
  /** A nickname ("trojka") that is ignored right after another brand's model ("golf trojka"). */
  nickname: boolean;
};

export type CatalogIndex = {
  byKey: Map<string, Entry[]>;
  byCompact: Map<string, Entry[]>;
  /** Single-word entries by word length, for typo matching. */
  singleByLength: Entry[][];
  /** Multi-word entries by "count|position|word": a multi-word typo needs one exact word. */
  multiByAnchor: Map<string, Entry[]>;
  byMake: Map<string, Entry[]>;
  /** make → first digit → "Serija N" model, for BMW type codes like "320d". */
  seriesByDigit: Map<string, Map<string, string>>;
};

const codePattern = /^[a-z0-9][a-z0-9-]{0,59}$/;

const makeAliases: Readonly<Record<string, readonly string[]>> = {
  volkswagen: ["vw", "folksvagen", "volkswagn"],
  "mercedes-benz": ["mercedes", "merc", "mercedez", "benz", "mercedes benz"],
  "alfa-romeo": ["alfa", "alfaromeo"],
  "land-rover": ["landrover"],
  peugeot: ["pezo"],
  renault: ["reno"],
  porsche: ["porse"],
  chevrolet: ["chevy"],
  ssangyong: ["ssang yong"],
  opel: ["opla"],
  hyundai: ["hjundai", "hyundaj"],
  citroen: ["citroen"],
  // Too short for the case-ending stems: "kio", "kie", "kii".
  kia: ["kio", "kie", "kii", "kijo"],
};

const modelAliases: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  mini: { mini: ["cooper"] },
  volkswagen: { transporter: ["t5", "t6", "t7", "multivan"] },
  "mercedes-benz": { "razred-v": ["vito"] },
};

const bmwNicknames: Readonly<Record<string, readonly string[]>> = {
  "1": ["enka", "enko", "enke"],
  "2": ["dvojka", "dvojko", "dvojke"],
  "3": ["trojka", "trojko", "trojke", "trojki"],
  "4": ["stirica", "stirico", "stirka"],
  "5": ["petica", "petico", "petka", "petko"],
  "7": ["sedmica", "sedmico", "sedemka"],
};
// Only "trojka" is unambiguous enough to stand alone; "petica" is just as often a Golf V.
const standaloneNicknames = new Set(bmwNicknames["3"]);

// Words too common inside model names to identify one model on their own.
const genericModelWords = new Set([
  "sport",
  "cross",
  "city",
  "grand",
  "grande",
  "custom",
  "space",
  "star",
  "electric",
  "tech",
  "plus",
  "line",
  "classic",
  "coupe",
  "tourer",
  "touring",
  "cabrio",
  "verso",
  "range",
  "rover",
  "land",
]);

function catalogWords(name: string): { words: string[]; glued: boolean } {
  const tokens = scan(fold(name)).filter((tok) => /^[a-z]+$|^\d+$/.test(tok.t));
  return {
    words: tokens.map((tok) => tok.t),
    glued: tokens.length > 1 && tokens.slice(1).every((tok) => tok.sep === "glue"),
  };
}

const isWeakName = (words: readonly string[]) => {
  const compact = words.join("");
  return /^\d+$/.test(compact) || compact.length <= 1 || (compact.length <= 2 && /^[a-z]+$/.test(compact));
};

function buildIndex(catalog: readonly AiCatalogMake[]): CatalogIndex {
  const entries: Entry[] = [];
  const seriesByDigit = new Map<string, Map<string, string>>();
  const add = (
    words: string[],
    glued: boolean,
    make: string,
    model: string | null,
    contextOnly: boolean,
    nickname = false,
  ) => {
    if (words.length === 0 || words.length > maxPhraseWords) return;
    entries.push({ words, key: words.join(" "), compact: words.join(""), glued, make, model, contextOnly, nickname });
  };

  for (const make of Array.isArray(catalog) ? catalog : []) {
    if (typeof make?.code !== "string" || !codePattern.test(make.code) || typeof make.name !== "string") continue;
    const makeCode = make.code;
    const makeNames = [make.name, makeCode.replace(/-/g, " "), ...(makeAliases[makeCode] ?? [])];
    for (const n of makeNames) add(catalogWords(n).words, false, makeCode, null, false);
    const makeWordLists = makeNames.map((n) => catalogWords(n).words).filter((w) => w.length > 0);

    for (const model of Array.isArray(make.models) ? make.models : []) {
      if (typeof model?.code !== "string" || !codePattern.test(model.code) || typeof model.name !== "string") continue;
      const alts = model.name.replace(/\([^)]*\)/g, " ").split("/");
      for (const alt of [...alts, ...(modelAliases[makeCode]?.[model.code] ?? [])]) {
        const { words, glued } = catalogWords(alt);
        if (words.length === 0) continue;
        add(words, glued, makeCode, model.code, isWeakName(words));
        // "Renault 5 E-Tech", "Polestar 2", "Mazda3": after the make, the rest names the model.
        const prefix = makeWordLists.find((mw) => mw.length < words.length && mw.every((x, k) => words[k] === x));
        if (prefix) {
          const rest = words.slice(prefix.length);
          add(rest, false, makeCode, model.code, true);
          const head = rest[0];
          if (rest.length > 1 && head !== undefined && /^\d+$/.test(head))
            add([head], false, makeCode, model.code, true);
        }
        const [first, second] = words;
        if (words.length === 2 && first !== undefined && second !== undefined) {
          if (["serija", "razred", "model", "klasa"].includes(first)) add([second], false, makeCode, model.code, true);
          if (first === "razred") {
            for (const v of [
              [second, "razred"],
              ["klasa", second],
              [second, "klasa"],
              [second, "class"],
              [second, "klasse"],
            ])
              add(v, false, makeCode, model.code, false);
          }
          if (first === "serija") {
            for (const v of [
              [second, "serija"],
              [second, "er"],
              ["series", second],
            ])
              add(v, false, makeCode, model.code, false);
            if (/^\d$/.test(second)) {
              const digits = seriesByDigit.get(makeCode) ?? new Map<string, string>();
              digits.set(second, model.code);
              seriesByDigit.set(makeCode, digits);
              for (const nick of bmwNicknames[second] ?? [])
                add([nick], false, makeCode, model.code, !standaloneNicknames.has(nick), true);
            }
          }
        }
      }
    }
  }

  // A distinctive word of a multi-word name ("evoque", "picasso", "transit") finds its model alone.
  const owners = new Map<string, Set<string>>();
  const single = new Set(entries.filter((e) => e.words.length === 1).map((e) => e.key));
  const makeWords = new Set(entries.filter((e) => e.model === null).flatMap((e) => e.words));
  const byId = new Map<string, Entry>();
  for (const e of entries) {
    if (e.model === null || e.contextOnly || e.words.length < 2) continue;
    for (const w of e.words) {
      const id = `${e.make}/${e.model}`;
      byId.set(id, e);
      const set = owners.get(w) ?? new Set<string>();
      set.add(id);
      owners.set(w, set);
    }
  }
  for (const [w, ids] of owners) {
    const [id] = [...ids];
    const e = id === undefined ? undefined : byId.get(id);
    if (
      ids.size !== 1 ||
      !e ||
      !/^[a-z]{6,}$/.test(w) ||
      single.has(w) ||
      makeWords.has(w) ||
      genericModelWords.has(w) ||
      isReserved(w)
    )
      continue;
    add([w], false, e.make, e.model, false);
  }

  const byKey = new Map<string, Entry[]>();
  const byCompact = new Map<string, Entry[]>();
  const singleByLength: Entry[][] = [];
  const multiByAnchor = new Map<string, Entry[]>();
  const byMake = new Map<string, Entry[]>();
  const push = (map: Map<string, Entry[]>, k: string, e: Entry) => {
    const list = map.get(k) ?? [];
    list.push(e);
    map.set(k, list);
  };
  for (const e of entries) {
    push(byKey, e.key, e);
    push(byCompact, e.compact, e);
    const [only] = e.words;
    if (e.words.length === 1 && only !== undefined) {
      while (singleByLength.length <= only.length) singleByLength.push([]);
      singleByLength[only.length]?.push(e);
    } else e.words.forEach((w, k) => push(multiByAnchor, `${e.words.length}|${k}|${w}`, e));
    if (e.model !== null) push(byMake, e.make, e);
  }
  return { byKey, byCompact, singleByLength, multiByAnchor, byMake, seriesByDigit };
}

const indexCache = new WeakMap<readonly AiCatalogMake[], CatalogIndex>();

export function indexFor(catalog: readonly AiCatalogMake[]): CatalogIndex {
  const cached = indexCache.get(catalog);
  if (cached) return cached;
  const built = buildIndex(catalog);
  indexCache.set(catalog, built);
  return built;
}
