/**
 * Deterministic parser for the Slovenian free-text search box: "rdeč dizelski karavan do 15.000 €"
 * becomes the same `SearchFilters` the filter form would produce. Rule based on purpose: the same
 * text must always give the same filters, every decision must be explainable from a test, and a
 * word it does not know must never turn into a filter (unknown words are simply ignored).
 *
 * Passes, in this order because earlier ones protect tokens from later, greedier ones:
 *   1. fixed phrases that contain numbers ("4x4", "7 sedežev", "prvi lastnik") so "x4" is not a BMW;
 *   2. makes and models from the catalog (longest phrase first, inflections and small typos allowed);
 *   3. keyword phrases (fuel, body, colour, region, equipment, …), multi-word before single-word;
 *   4. numeric expressions (price, year, mileage, power) with their comparators and units.
 */
import type {
  BodyColor,
  BodyType,
  DamageState,
  DriveWheel,
  Fuel,
  Region,
  SellerType,
  Transmission,
  VehicleCondition,
} from "./enums";
import type { EquipmentCode } from "./equipment";
import { type BooleanFilterKey, emptyFilters, listFilters, type Range, type SearchFilters } from "./search-filters";

export type AiCatalogMake = { code: string; name: string; models: { code: string; name: string }[] };

// The `ai` URL parameter keeps at most 300 characters; anything far beyond that is pasted garbage,
// and bounding the work keeps the worst case flat on a Worker.
const maxInputChars = 4000;
const maxTokens = 400;
const maxPhraseWords = 5;
const hpPerKw = 1.3596216173039;

// ---------------------------------------------------------------------------------------------
// Normalisation and tokens

type Sep = "start" | "glue" | "space" | "dash" | "slash" | "break";
type Token = {
  /** Lower-case ASCII letters, a number ("15000", "1.6"), or one of `< > ~ +`. */
  t: string;
  num: number | null;
  /** What stood between this token and the previous one. */
  sep: Sep;
  /** Whitespace stood before it: "x 5" is not the glued model name "x5". */
  spaced: boolean;
  used: boolean;
  /** Filled on first use by the catalog matcher: a keyword or common word, and its case-ending stems. */
  reserved?: boolean;
  stems?: readonly string[];
};

/** Case and diacritics are dropped: users type "Škoda", "skoda" and "ŠKODA" interchangeably. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/đ/g, "d")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/×/g, "x")
    .replace(/€/g, " eur ");
}

/** "15.000", "15,000" and "15 000" all mean fifteen thousand in Slovenian prices; "1.6" stays a decimal. */
function joinThousands(s: string): string {
  return s
    .replace(/(?<=\d)[.,](?=\d{3}(?!\d))/g, "")
    .replace(/(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|[.,]\d)/g, (m) => m.replace(/\D/g, ""));
}

const tokenPattern = /\d+(?:[.,]\d+)?|[a-z]+|[<>~+]/g;

function sepOf(gap: string): Sep {
  if (gap === "") return "glue";
  const trimmed = gap.trim();
  if (trimmed === "") return "space";
  if (/^[-–—]+$/.test(trimmed)) return "dash";
  if (trimmed === "/") return "slash";
  if (trimmed === ".") return /\s/.test(gap) ? "space" : "glue";
  if (/[,;!?()[\]{}|]/.test(trimmed)) return "break";
  return "space";
}

function scan(s: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of s.matchAll(tokenPattern)) {
    if (out.length >= maxTokens) break;
    const t = m[0].replace(",", ".");
    const gap = s.slice(last, m.index);
    last = m.index + m[0].length;
    const num = /^\d/.test(t) ? Number(t) : null;
    out.push({
      t,
      num: num !== null && Number.isFinite(num) ? num : null,
      sep: out.length === 0 ? "start" : sepOf(gap),
      spaced: /\s/.test(gap),
      used: false,
    });
  }
  return out;
}

function tokenize(text: string): Token[] {
  return scan(joinThousands(fold(text.slice(0, maxInputChars))));
}

const at = (tokens: readonly Token[], i: number): Token | undefined => tokens[i];

/** Tokens i..i+n-1 exist, are still free and do not cross a comma or sentence break. */
function spanFree(tokens: readonly Token[], i: number, n: number): boolean {
  if (i < 0 || i + n > tokens.length) return false;
  for (let k = i; k < i + n; k++) {
    const tok = tokens[k];
    if (!tok || tok.used || (k > i && tok.sep === "break")) return false;
  }
  return true;
}

function markUsed(tokens: readonly Token[], i: number, n: number): void {
  for (let k = i; k < i + n; k++) {
    const tok = tokens[k];
    if (tok) tok.used = true;
  }
}

// ---------------------------------------------------------------------------------------------
// Keyword rules

type AiRangeKey = "price" | "year" | "odo" | "power" | "seats" | "owners" | "doors";
type Acc = {
  source: Set<VehicleCondition>;
  region: Set<Region>;
  fuel: Set<Fuel>;
  color: Set<BodyColor>;
  damage: Set<DamageState>;
  transmission: Set<Transmission>;
  body: Set<BodyType>;
  driveWheels: Set<DriveWheel>;
  seller: Set<SellerType>;
  eq: Set<EquipmentCode>;
  flags: Set<BooleanFilterKey>;
  ranges: Partial<Record<AiRangeKey, Range>>;
};

type Effect = (acc: Acc, words: readonly string[]) => void;
type Rule = { words: RegExp[]; apply: Effect };

const word = (src: string) => new RegExp(`^(?:${src})$`);
/** Words separated by single spaces; each word is a regular expression over a normalised token. */
const rule = (pattern: string, apply: Effect): Rule => ({ words: pattern.split(" ").map(word), apply });

const fuel = (v: Fuel): Effect => (a) => void a.fuel.add(v);
const body = (v: BodyType): Effect => (a) => void a.body.add(v);
const color = (v: BodyColor): Effect => (a) => void a.color.add(v);
const gear = (v: Transmission): Effect => (a) => void a.transmission.add(v);
const region = (v: Region): Effect => (a) => void a.region.add(v);
const eq = (v: EquipmentCode): Effect => (a) => void a.eq.add(v);
const condition = (v: VehicleCondition): Effect => (a) => void a.source.add(v);
const seller = (v: SellerType): Effect => (a) => void a.seller.add(v);
const damage = (v: DamageState): Effect => (a) => void a.damage.add(v);
const flag = (v: BooleanFilterKey): Effect => (a) => void a.flags.add(v);
const drive = (v: DriveWheel): Effect => (a) => void a.driveWheels.add(v);
const allWheel: Effect = (a) => {
  a.driveWheels.add("BOTH");
  a.eq.add("OTHER_4X4");
};
// Consumes a phrase so its words cannot mean something else ("kot nov" is used, not new).
const nothing: Effect = () => undefined;

/** Adjective endings: rdeč, rdeča, rdečo, rdeče, rdeči, rdečega, rdečemu, rdečem, rdečih, rdečim, rdečimi. */
const A = "(?:a|o|e|i|ega|emu|em|ih|im|imi)?";

const countWords: Readonly<Record<string, number>> = {
  en: 1, ena: 1, eno: 1, enega: 1, prvi: 1, prvega: 1,
  dva: 2, dve: 2, dveh: 2, tri: 3, treh: 3, stiri: 4, pet: 5, sest: 6, sedem: 7, osem: 8, devet: 9,
};
const countOf = (w: string): number | null => {
  if (/^\d{1,2}$/.test(w)) return Number(w);
  return Object.hasOwn(countWords, w) ? (countWords[w] ?? null) : null;
};
const countPrefix = /^(dvo|tri|stiri|pet|sest|sedem|osem|devet)/;
const prefixCount: Readonly<Record<string, number>> = { dvo: 2, tri: 3, stiri: 4, pet: 5, sest: 6, sedem: 7, osem: 8, devet: 9 };
const countFromPrefix = (w: string): number | null => {
  const p = countPrefix.exec(w)?.[1];
  return p !== undefined && Object.hasOwn(prefixCount, p) ? (prefixCount[p] ?? null) : null;
};

const seatsAtLeast = (n: number | null): Range | null => (n !== null && n >= 2 && n <= 9 ? { min: n, max: null } : null);
const numberWords = String.raw`\d{1,2}|en|ena|eno|enega|prvi|prvega|dva|dve|dveh|tri|treh|stiri|pet|sest|sedem|osem|devet`;

/** Phrases with digits that must be claimed before the catalog sees "x 4" or "7". */
const preRules: Rule[] = [
  rule("4 x 4", allWheel),
  rule("4 wd|motion|matic", allWheel),
  rule("x drive", allWheel),
  rule(String.raw`awd|xdrive|quattro|allgrip|syncro|stirikolesnik\w*`, allWheel),
  rule(String.raw`stirikolesn\w* pogon\w*`, allWheel),
  rule(String.raw`pogon\w* na vsa stiri kolesa`, allWheel),
  rule(String.raw`${numberWords} sedez\w*`, (a, w) => {
    const r = seatsAtLeast(countOf(w[0] ?? ""));
    if (r) a.ranges.seats = r;
  }),
  rule(String.raw`(?:dvo|tri|stiri|pet|sest|sedem|osem|devet)sedez\w*`, (a, w) => {
    const r = seatsAtLeast(countFromPrefix(w[0] ?? ""));
    if (r) a.ranges.seats = r;
  }),
  rule(String.raw`${numberWords} lastnik\w*`, (a, w) => {
    const n = countOf(w[0] ?? "");
    if (n !== null && n >= 1 && n <= 9) a.ranges.owners = { min: null, max: n };
  }),
  rule(String.raw`prv\w* rok\w*`, (a) => void (a.ranges.owners = { min: null, max: 1 })),
  rule(String.raw`${numberWords} vrat\w*`, (a, w) => {
    const n = countOf(w[0] ?? "");
    if (n !== null && n >= 2 && n <= 5) a.ranges.doors = { min: n, max: n };
  }),
  rule(String.raw`\d vratn\w*`, (a, w) => {
    const n = countOf(w[0] ?? "");
    if (n !== null && n >= 2 && n <= 5) a.ranges.doors = { min: n, max: n };
  }),
  rule(String.raw`(?:dvo|tri|stiri|pet)vratn\w*`, (a, w) => {
    const n = countFromPrefix(w[0] ?? "");
    if (n !== null) a.ranges.doors = { min: n, max: n };
  }),
  rule(String.raw`kot|skoraj|prakticno nov|nova|novo|novi|nove|novega`, nothing),
];

const mainRules: Rule[] = [
  // Regions first: "Nova Gorica" and "Novo mesto" must not read as "nov" (brand new).
  rule(String.raw`nov(?:a|e|i|o) goric(?:a|e|i|o)`, region("GORICA")),
  rule(String.raw`nov(?:o|ega|em|emu) mest(?:o|a|u)`, region("NOVO MESTO")),
  rule(String.raw`mursk(?:a|e|i|o) sobot(?:a|e|i|o)`, region("MURSKA SOBOTA")),
  rule(String.raw`skofj(?:a|e|i|o) lok(?:a|e|i|o)`, region("KRANJ")),
  rule(String.raw`ljubljan(?:a|e|i|o)|lj|domzal(?:e|ah|ami)?|kamnik(?:a|u|om)?|vrhnik(?:a|e|i|o)|osrednjeslovensk\w*`, region("LJUBLJANA")),
  rule(String.raw`maribor(?:a|u|om)?|ptuj(?:a|u|em)?|stajersk\w*`, region("MARIBOR")),
  rule(String.raw`celj(?:e|a|u|em)|velenj(?:e|a|u|em)`, region("CELJE")),
  rule(String.raw`kranj(?:a|u|em)?|jesenic(?:e|ah|am)?|gorenjsk\w*`, region("KRANJ")),
  rule(String.raw`goric(?:a|e|i|o)|ajdovscin(?:a|e|i|o)|gorisk\w*`, region("GORICA")),
  rule(String.raw`koper|kopr(?:a|u|om)|izol(?:a|e|i|o)|piran(?:a|u|om)?|portoroz\w*|obal(?:a|e|i|o)`, region("KOPER")),
  rule(String.raw`dolenjsk\w*`, region("NOVO MESTO")),
  rule(String.raw`prekmurj(?:e|a|u)|prekmursk\w*`, region("MURSKA SOBOTA")),

  // Equipment phrases before the single words they contain ("avtomatska klima" is not a gearbox).
  rule(String.raw`sprednj\w* in zadnj\w* parkirn\w* senzor\w*`, (a) => {
    a.eq.add("PARK_SENSORS_FRONT");
    a.eq.add("PARK_SENSORS_REAR");
  }),
  rule(String.raw`elektricn\w* nastavljiv\w* sedez\w*`, eq("INNER_ELECTRIC_SEATS")),
  rule(String.raw`(?:avtomatsk|samodejn)\w* klimatsk\w* naprav\w*`, eq("AC_AUTOMATIC")),
  rule(String.raw`senzor\w* za dez\w*`, eq("OTHER_RAIN_SENSOR")),
  rule(String.raw`sprednj\w* parkirn\w* senzor\w*`, eq("PARK_SENSORS_FRONT")),
  rule(String.raw`zadnj\w* parkirn\w* senzor\w*`, eq("PARK_SENSORS_REAR")),
  rule(String.raw`(?:adaptivn|aktivn|prilagodljiv|radarsk)\w* tempomat\w*`, eq("SAFETY_ADAPTIVE_CRUISE")),
  rule(String.raw`(?:avtomatsk|samodejn|digitaln)\w* klim\w*`, eq("AC_AUTOMATIC")),
  rule(String.raw`(?:dvopodrocn|dvozonsk|dvoconsk)\w* klim\w*`, eq("AC_DUAL_ZONE")),
  rule(String.raw`(?:vecpodrocn|veczonsk|trozonsk|stirizonsk)\w* klim\w*`, eq("AC_MULTI_ZONE")),
  rule(String.raw`(?:gretj|ogrevan|greln|grelc)\w* sedez\w*`, eq("INNER_HEATED_SEATS")),
  rule(String.raw`usnjen\w* sedez\w*`, eq("INNER_LEATHER")),
  rule(String.raw`elektricn\w* sedez\w*`, eq("INNER_ELECTRIC_SEATS")),
  rule(String.raw`elektricn\w* (?:okn|stekl|pomik)\w*`, eq("INNER_POWER_WINDOWS")),
  rule(String.raw`parkirn\w* senzor\w*`, eq("PARK_SENSORS_REAR")),
  rule(String.raw`(?:stresn|soncn|pomicn|panoramsk)\w* (?:okn|streh)\w*`, eq("INNER_SUNROOF")),
  rule(String.raw`stresn\w* (?:nosilc|sani|prtljaznik|kovcek)\w*`, eq("OTHER_ROOF_RACK")),
  rule(String.raw`vlecn\w* kljuk\w*`, eq("OTHER_TOW_HOOK")),
  rule(String.raw`(?:led|matrix) (?:zaromet|luc|svetil|farov|led)\w*`, eq("OTHER_LED")),
  rule(String.raw`(?:alu|aluminijast\w*) (?:platis|felg)\w*`, eq("OTHER_ALLOY_WHEELS")),
  rule(String.raw`brez kljuc\w*`, eq("INNER_KEYLESS")),
  rule("head up", eq("INNER_HUD")),
  rule(String.raw`mrtv\w* kot\w*`, eq("SAFETY_BLIND_SPOT")),
  rule("lane assist", eq("SAFETY_LANE_ASSIST")),
  rule(String.raw`ohranjanj\w* (?:pasu|smeri|voznega)`, eq("SAFETY_LANE_ASSIST")),
  rule(String.raw`(?:samodejn|avtomatsk|zasiln)\w* zaviranj\w*`, eq("SAFETY_AUTO_BRAKING")),
  rule(String.raw`(?:samodejn|avtomatsk)\w* parkiranj\w*`, eq("PARK_ASSIST")),
  rule("park assist", eq("PARK_ASSIST")),

  // Two-word phrases of the other groups.
  rule(String.raw`temn(?:o|a|e|i)? siv${A}`, color("DARK_GRAY")),
  rule(String.raw`svetl(?:o|a|e|i)? siv${A}`, color("LIGHT_GRAY")),
  rule(String.raw`bordo|vinsko rdec${A}`, color("BORDEAUX_RED")),
  rule(String.raw`kombi karavan\w*`, body("STATION_WAGON")),
  rule("sports tourer", body("STATION_WAGON")),
  rule("pick up", body("PICKUP")),
  rule(String.raw`dostavn\w* vozil\w*`, body("VAN")),
  rule("plug in", fuel("HYBRID")),
  rule(String.raw`zemeljsk\w* plin\w*`, fuel("GAS")),
  rule(String.raw`na plin`, fuel("GAS")),
  rule(String.raw`prednj\w* pogon\w*`, drive("FRONT")),
  rule(String.raw`zadnj\w* pogon\w*`, drive("REAR")),
  rule(String.raw`nov\w* (?:gum|zavor|akumulator|sklopk|jermen|izpuh|motor|pnevmatik|registracij)\w*`, nothing),
  rule(String.raw`nov(?:o|a|i)? vozil(?:o|a|u)?`, condition("BRAND_NEW")),
  rule(String.raw`od|pri trgov(?:ca|cu)`, seller("dealer")),
  rule(String.raw`od|pri zasebnik\w*`, seller("person")),
  rule(String.raw`fizicn\w* oseb\w*`, seller("person")),
  rule(String.raw`kupljen\w* v slovenij\w*`, flag("slo")),
  rule(String.raw`(?:slovensk\w*|slo) porekl\w*`, flag("slo")),
  rule(String.raw`servisn\w* knji(?:g|z)\w*`, flag("serviceBook")),
  rule(String.raw`redno servisiran\w*`, flag("serviceBook")),
  rule(String.raw`menjav\w* olj\w*`, nothing),
  rule(String.raw`brez (?:poskodb|nesrec|karambol)\w*`, damage("UNDAMAGED")),
  rule(String.raw`v okvari`, damage("MALFUCTIONING")),

  // Single words.
  rule(String.raw`navigacij\w*|navi|gps`, eq("INNER_NAVIGATION")),
  rule(String.raw`usnj\w*`, eq("INNER_LEATHER")),
  rule(String.raw`panoram\w*|sunroof`, eq("INNER_SUNROOF")),
  rule(String.raw`kamer\w*`, eq("PARK_CAMERA")),
  rule("pdc", eq("PARK_SENSORS_REAR")),
  rule(String.raw`tempomat\w*`, eq("INNER_CRUISE_CONTROL")),
  rule("acc", eq("SAFETY_ADAPTIVE_CRUISE")),
  rule(String.raw`climatronic|klimatronik\w*|klimatronic`, eq("AC_AUTOMATIC")),
  rule(String.raw`dvozonsk\w*|dvopodrocn\w*`, eq("AC_DUAL_ZONE")),
  rule(String.raw`klim(?:a|o|e|i)|klimatsk\w*|klimatizacij\w*|klimo`, eq("AC_MANUAL")),
  rule(String.raw`kljuk\w*`, eq("OTHER_TOW_HOOK")),
  rule("led", eq("OTHER_LED")),
  rule(String.raw`(?:bi)?(?:xenon|ksenon)\w*`, eq("OTHER_XENON")),
  rule(String.raw`alu|alufelg\w*|aluplatis\w*|aluminijast\w*`, eq("OTHER_ALLOY_WHEELS")),
  rule("bluetooth", eq("INNER_BLUETOOTH")),
  rule("keyless", eq("INNER_KEYLESS")),
  rule("hud", eq("INNER_HUD")),
  rule("isofix", eq("INNER_ISOFIX")),
  rule("abs", eq("SAFETY_ABS")),
  rule("esp", eq("SAFETY_ESP")),
  rule("tpms", eq("UNDER_TPMS")),

  rule(String.raw`dizel\w*|dizl\w*|diesel\w*|tdi|crdi|hdi|dci|cdi|tdci|jtd|jtdm|multijet|bluehdi|ecoblue|bluetec`, fuel("DIESEL")),
  rule(String.raw`bencin\w*|benzin\w*|tsi|tfsi|tce|mpi|fsi|gdi|tgdi|ecoboost`, fuel("PETROL")),
  rule(String.raw`hibrid\w*|hybrid\w*|phev|mhev|hev|plugin`, fuel("HYBRID")),
  rule(String.raw`elektri\w*|elektro|elektromobil\w*|ev|bev`, fuel("ELECTRIC")),
  rule(String.raw`plin|plina|plinom|plinsk\w*|lpg|cng|avtoplin\w*|metan`, fuel("GAS")),

  rule(String.raw`karavan\w*|variant|touring|avant|sw|combi|estate|sportstourer|sportswagon|kombikaravan\w*`, body("STATION_WAGON")),
  rule(String.raw`kombilimuzin\w*|hatchback\w*|hecbek\w*`, body("HATCHBACK")),
  rule(String.raw`limuzin\w*|sedan\w*`, body("SALOON")),
  rule(String.raw`suv|suva|suvu|suvi|suvom|suvov|terenec|terenc(?:a|u|em|i|ev|e)|terensk\w*|crossover\w*|dzip\w*`, body("SUV")),
  rule(String.raw`kombi(?:ja|ju|jem|ji|jev|ij)?|dostavnik\w*|furgon\w*`, body("VAN")),
  rule(String.raw`enoprostor\w*|minivan\w*|mpv`, body("MINIVAN")),
  rule(String.raw`kabrio\w*|cabrio\w*|kabriolet\w*`, body("CONVERTIBLE")),
  rule(String.raw`kupe(?:ja|ju|jem|ji)?|coupe\w*`, body("COUPE")),
  rule(String.raw`pickup\w*|poltovornjak\w*`, body("PICKUP")),

  rule(String.raw`polavtomat\w*`, gear("SEMI_A")),
  rule(String.raw`avtomati(?:k|ka|ko|ki|kom|ku)|avtomatsk\w*|avtomat|samodejn\w*|automatic|automatik|dsg|tiptronic|steptronic|stronic|cvt`, gear("A")),
  rule(String.raw`rocn(?:i|a|o|ega|em)|rocnik\w*|manual\w*`, gear("M")),

  rule(String.raw`temnosiv${A}|antracit\w*|grafit\w*`, color("DARK_GRAY")),
  rule(String.raw`svetlosiv${A}`, color("LIGHT_GRAY")),
  rule(String.raw`bel${A}|white`, color("WHITE")),
  rule(String.raw`srebrn${A}|silver`, color("SILVER")),
  rule(String.raw`crn${A}|black`, color("BLACK")),
  rule(String.raw`siv${A}|grey|gray`, color("GRAY")),
  rule(String.raw`moder|modr${A}|plav${A}|blue`, color("BLUE")),
  rule("bordo", color("BORDEAUX_RED")),
  rule(String.raw`rdec${A}`, color("RED")),
  rule(String.raw`bez|bezev${A}|beige`, color("BEIGE")),
  rule(String.raw`zelen${A}|green`, color("GREEN")),
  rule(String.raw`rjav${A}|brown`, color("BROWN")),
  rule(String.raw`metalik\w*|metallic|metaln${A}`, flag("metallic")),

  rule(String.raw`nov|nova|novo|novi|nove|novega|novem|novih`, condition("BRAND_NEW")),
  rule(String.raw`rabljen\w*`, condition("USED")),
  rule(String.raw`testn(?:o|i|a|ega)|demo|demonstracijsk\w*`, condition("TESTING")),

  rule(String.raw`trgovec|trgovca|trgovcu|trgovci|trgovcev|salon|salona|salonu|avtosalon\w*|avtohis\w*|dealer`, seller("dealer")),
  rule(String.raw`zasebnik\w*|zasebn(?:o|i|a)|privat\w*`, seller("person")),

  rule(String.raw`slovensk\w*`, flag("slo")),
  rule(String.raw`servisiran\w*`, flag("serviceBook")),
  rule(String.raw`(?:za)?menjav\w*|menjam`, flag("swap")),
  rule(String.raw`financir\w*|financiranj\w*|kredit\w*|leasing\w*|lizing\w*`, flag("financing")),
  rule(String.raw`nekarambolir\w*|neposkodovan\w*|nekaramboliran\w*`, damage("UNDAMAGED")),
  rule(String.raw`karambolir\w*`, damage("CRASHED")),
  rule(String.raw`poskodovan\w*`, damage("DAMAGED")),
  rule(String.raw`pokvarjen\w*|okvarjen\w*`, damage("MALFUCTIONING")),
];

type RuleSet = { rules: Rule[]; firstWord: RegExp };

// Longer phrases first, so "temno siva" wins over "siva" wherever it is defined.
function ruleSet(rules: Rule[]): RuleSet {
  rules.sort((a, b) => b.words.length - a.words.length);
  // Most tokens start no rule at all; one union test per token skips them cheaply.
  const firstWord = new RegExp(rules.map((r) => `(?:${r.words[0]?.source ?? "(?!)"})`).join("|"));
  return { rules, firstWord };
}
const preRuleSet = ruleSet(preRules);
const mainRuleSet = ruleSet(mainRules);

function applyRules(tokens: readonly Token[], set: RuleSet, acc: Acc): void {
  const starts: number[] = [];
  tokens.forEach((tok, i) => {
    if (!tok.used && set.firstWord.test(tok.t)) starts.push(i);
  });
  if (starts.length === 0) return;
  for (const r of set.rules) {
    const n = r.words.length;
    for (const i of starts) {
      if (!spanFree(tokens, i, n)) continue;
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = r.words[k]?.test(at(tokens, i + k)?.t ?? "") ?? false;
      if (!ok) continue;
      r.apply(acc, tokens.slice(i, i + n).map((tok) => tok.t));
      markUsed(tokens, i, n);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers: comparators, hints and units

type Kind = "price" | "year" | "odo" | "power";
type Op = "max" | "min" | "from" | "between" | "approx";
type Unit = "eur" | "km" | "kw" | "hp" | "odo" | "age";
type Seq<T> = { words: RegExp[]; value: T };

const seq = <T>(pattern: string, value: T): Seq<T> => ({ words: pattern.split(" ").map(word), value });
const longestFirst = <T>(list: Seq<T>[]) => list.sort((a, b) => b.words.length - a.words.length);

type Comparator = { op: Op; year: boolean };
const comparators = longestFirst<Comparator>([
  seq("manj kot|od", { op: "max", year: false }),
  seq("ne vec kot|od", { op: "max", year: false }),
  seq("vec kot|od", { op: "min", year: false }),
  seq(String.raw`(?:cenejs|nizj)\w* od|kot`, { op: "max", year: false }),
  seq(String.raw`(?:drazj|visj)\w* od|kot`, { op: "min", year: false }),
  seq(String.raw`ne starejs\w* od|kot`, { op: "min", year: true }),
  seq(String.raw`(?:novejs|mlajs)\w* od|kot`, { op: "min", year: true }),
  seq(String.raw`starejs\w* od|kot`, { op: "max", year: true }),
  seq("do|pod|max|maks|maksimalno|najvec|<", { op: "max", year: false }),
  seq("nad|vsaj|min|minimalno|najmanj|>", { op: "min", year: false }),
  seq("od", { op: "from", year: false }),
  seq("med", { op: "between", year: false }),
  seq("cca|ca|okoli|okrog|priblizno|~", { op: "approx", year: false }),
]);

const hints = longestFirst<Kind>([
  seq(String.raw`letnik\w*|leto|leta|letu|letnikom|l`, "year"),
  seq(String.raw`cena|cene|ceno|ceni|cenovn\w*|proracun\w*|budget`, "price"),
  seq(String.raw`prevozen\w*|kilometr\w*|km`, "odo"),
  seq(String.raw`moc|moci|mocjo`, "power"),
]);

const posts = longestFirst<"min" | "max">([
  seq(String.raw`in|ali (?:novejs|mlajs)\w*`, "min"),
  seq(String.raw`in|ali starejs\w*`, "max"),
  seq(String.raw`in|ali vec`, "min"),
  seq(String.raw`in|ali manj`, "max"),
  seq("in naprej", "min"),
  seq(String.raw`naprej|dalje|\+|novejs\w*`, "min"),
]);

const currencyWord = /^(?:eur|eura|eurov|euro|evro|evrov|evra|evri|evrih)$/;
const multipliers: Readonly<Record<string, number>> = {
  k: 1000, tisoc: 1000, tisocev: 1000, tisocakov: 1000, tisocak: 1000, tisocaka: 1000, tis: 1000,
  jur: 1000, jurjev: 1000, jurjov: 1000, jurja: 1000, jurje: 1000,
  mio: 1_000_000, milijon: 1_000_000, milijona: 1_000_000, milijonov: 1_000_000,
};
const unitWords: Readonly<Record<string, Unit>> = {
  km: "km", kw: "kw", ks: "hp", ps: "hp", hp: "hp", konj: "hp", konjev: "hp", konji: "hp", konjskih: "hp",
  kilometrov: "odo", kilometri: "odo", kilometra: "odo", prevozenih: "odo", prevozeni: "odo", prevozen: "odo",
  let: "age", leta: "age", leti: "age",
};

function matchSeqAt<T>(tokens: readonly Token[], i: number, list: readonly Seq<T>[]): Seq<T> | null {
  for (const s of list) {
    const n = s.words.length;
    if (!spanFree(tokens, i, n)) continue;
    let ok = true;
    for (let k = 0; k < n && ok; k++) ok = s.words[k]?.test(at(tokens, i + k)?.t ?? "") ?? false;
    if (ok) return s;
  }
  return null;
}

type Amount = { value: number; raw: number; factor: number; unit: Unit | null; start: number; end: number };

const isFreeAt = (tokens: readonly Token[], i: number): Token | null => {
  const tok = at(tokens, i);
  return tok && !tok.used && tok.sep !== "break" ? tok : null;
};

function readAmount(tokens: readonly Token[], i: number): Amount | null {
  const tok = at(tokens, i);
  if (!tok || tok.used || tok.num === null) return null;
  let j = i + 1;
  let factor = 1;
  let unit: Unit | null = null;
  const m = isFreeAt(tokens, j);
  if (m && Object.hasOwn(multipliers, m.t)) {
    factor = multipliers[m.t] ?? 1;
    if (m.t.startsWith("jur")) unit = "eur";
    j++;
  }
  const u = isFreeAt(tokens, j);
  if (u && unit === null) {
    if (currencyWord.test(u.t) || (u.t === "e" && u.sep === "glue")) unit = "eur";
    else if (Object.hasOwn(unitWords, u.t)) unit = unitWords[u.t] ?? null;
    if (unit !== null) j++;
    // "150.000 km prevoženih" and "150.000 prevoženih km" are both mileage.
    const after = isFreeAt(tokens, j);
    if ((unit === "km" || unit === "odo") && after && (after.t === "km" || /^prevozen/.test(after.t))) {
      unit = "odo";
      j++;
    }
  }
  return { value: tok.num * factor, raw: tok.num, factor, unit, start: i, end: j };
}

const isYearLike = (a: Amount) => a.factor === 1 && a.unit === null && Number.isInteger(a.raw) && a.raw >= 1900 && a.raw <= 2100;

/** Whether "A do B" is one range rather than two facts ("od 2018 do 15.000 €" is a year and a price). */
function rangeCompatible(a: Amount, b: Amount): boolean {
  if (a.unit !== null && b.unit !== null && a.unit !== b.unit) return false;
  if (isYearLike(a) && b.unit === null && b.factor === 1) return isYearLike(b);
  if (isYearLike(a) && b.value > a.value * 5) return false;
  if (!isYearLike(a) && isYearLike(b) && a.raw < 100) return false;
  return true;
}

type Ctx = { year: number; acc: Acc };

function setRange(acc: Acc, key: AiRangeKey, r: Range): void {
  const old = acc.ranges[key];
  let min = r.min ?? old?.min ?? null;
  let max = r.max ?? old?.max ?? null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  if (min !== null || max !== null) acc.ranges[key] = { min, max };
}

const limits: Record<Exclude<Kind, "year">, [number, number]> = {
  price: [1, 50_000_000],
  odo: [0, 5_000_000],
  power: [1, 2000],
};

/**
 * Tries one numeric expression starting at token i:
 * [hint] [comparator] [hint] [€] amount [unit] [(do | in | -) amount [unit]] [post-qualifier].
 * Returns how many tokens it took, or 0 when nothing there is a number we understand.
 */
function parseNumberAt(tokens: readonly Token[], i: number, ctx: Ctx): number {
  let j = i;
  // Hints ("letnik", "cena", "km") only count when a number follows, which readAmount below enforces.
  const hint1 = matchSeqAt(tokens, j, hints);
  if (hint1) j += hint1.words.length;
  const cmp = matchSeqAt(tokens, j, comparators);
  if (cmp) j += cmp.words.length;
  const hint2 = hint1 ? null : matchSeqAt(tokens, j, hints);
  if (hint2) j += hint2.words.length;
  const hint = hint1?.value ?? hint2?.value ?? null;
  let preUnit: Unit | null = null;
  const cur = isFreeAt(tokens, j);
  if (cur && currencyWord.test(cur.t)) {
    preUnit = "eur";
    j++;
  }
  const a1 = readAmount(tokens, j);
  if (!a1 || (j > i && at(tokens, a1.start)?.sep === "break")) return 0;
  j = a1.end;

  let a2: Amount | null = null;
  const next = isFreeAt(tokens, j);
  if (next?.num !== null && next?.sep === "dash") a2 = readAmount(tokens, j);
  else if (next && (next.t === "do" || (next.t === "in" && cmp?.value.op === "between"))) a2 = readAmount(tokens, j + 1);
  if (a2 && !rangeCompatible(a1, a2)) a2 = null;
  if (a2) {
    j = a2.end;
    // "med 8 in 12 tisoč": the thousands belong to both ends.
    if (a1.factor === 1 && a2.factor > 1 && a1.raw <= a2.raw) a1.value = a1.raw * a2.factor;
  }
  const post = matchSeqAt(tokens, j, posts);
  if (post) j += post.words.length;

  const unit = a2?.unit ?? a1.unit ?? preUnit;
  const values = a2 ? [a1.value, a2.value] : [a1.value];
  const multiplied = a1.factor > 1 || (a2?.factor ?? 1) > 1;
  const top = Math.max(...values);
  const cmpOp = cmp?.value.op ?? null;
  const op: Op | null = post ? post.value : cmpOp === "between" && !a2 ? null : cmpOp;
  const taken = j - i;

  if (unit === "age") {
    // "do 5 let" / "mlajši od 5 let": the car is at most that old, so its year is at least now − n.
    if (a2 || !op || a1.value > 60 || !Number.isInteger(a1.value)) return cmp || post ? taken : 0;
    const y = ctx.year - a1.value;
    const atMostThatOld = cmp?.value.year ? op === "min" : op === "max";
    if (op === "approx") setRange(ctx.acc, "year", { min: y - 1, max: y + 1 });
    else setRange(ctx.acc, "year", atMostThatOld ? { min: y, max: null } : { min: null, max: y });
    return taken;
  }

  let kind: Kind | null = null;
  let hp = false;
  if (unit === "eur") kind = "price";
  else if (unit === "kw") kind = "power";
  else if (unit === "hp") [kind, hp] = ["power", true];
  else if (unit === "odo") kind = "odo";
  else if (unit === "km") {
    // Slovenian "KM" is also horsepower (konjske moči): small numbers are power, large are mileage.
    if (hint === "power" || (hint !== "odo" && !multiplied && top < 1000)) [kind, hp] = ["power", true];
    else kind = "odo";
  } else if (hint) kind = hint;
  else if (cmp?.value.year) kind = "year";
  else if (!multiplied && values.every((v) => Number.isInteger(v) && v >= 1990 && v <= 2030)) kind = "year";
  else if (multiplied || top >= 500) kind = "price";
  if (kind === null) return 0;

  if (kind === "year") {
    const ints = values.map(Math.round);
    const lo = hint === "year" ? 1950 : 1990;
    const hi = hint === "year" ? ctx.year + 1 : 2030;
    if (!values.every(Number.isInteger) || ints.some((v) => v < lo || v > hi)) return hint || unit ? taken : 0;
    const [first = 0, second] = ints;
    if (second !== undefined) setRange(ctx.acc, "year", { min: Math.min(first, second), max: Math.max(first, second) });
    else if (op === "max") setRange(ctx.acc, "year", { min: null, max: first });
    else if (op === "min" || op === "from") setRange(ctx.acc, "year", { min: first, max: null });
    else if (op === "approx") setRange(ctx.acc, "year", { min: first - 1, max: first + 1 });
    else setRange(ctx.acc, "year", { min: first, max: first });
    return taken;
  }

  const toUnit = (v: number) => Math.round(hp ? v / hpPerKw : v);
  const conv = values.map(toUnit);
  const [lo, hi] = limits[kind];
  if (conv.some((v) => !Number.isFinite(v) || v < lo || v > hi)) return taken;
  const [first = 0, second] = conv;
  if (second !== undefined) setRange(ctx.acc, kind, { min: Math.min(first, second), max: Math.max(first, second) });
  else if (op === "max") setRange(ctx.acc, kind, { min: null, max: first });
  else if (op === "min" || op === "from") setRange(ctx.acc, kind, { min: first, max: null });
  else if (op === "approx") setRange(ctx.acc, kind, { min: toUnit(a1.value * 0.9), max: toUnit(a1.value * 1.1) });
  // A bare price or mileage is a budget or a limit; a bare power is the engine asked for.
  else if (kind === "power") setRange(ctx.acc, kind, { min: first, max: first });
  else setRange(ctx.acc, kind, { min: null, max: first });
  return taken;
}

function applyNumbers(tokens: readonly Token[], ctx: Ctx): void {
  for (let i = 0; i < tokens.length; i++) {
    if (at(tokens, i)?.used) continue;
    const taken = parseNumberAt(tokens, i, ctx);
    if (taken > 0) {
      markUsed(tokens, i, taken);
      i += taken - 1;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Words that must never be read as a make or model, however close they are to one.

const stopWords = new Set(
  `a ali in ter pa oz oziroma tudi se ze ne ni je so sem smo ste bo bi bil bila bilo bodo
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
  prestar prestara prestaro prestari prestarega pada pole poli tiho tipa tip moto mine pero sala karo kart leno stal spal koma kora trak vino open form`.split(/\s+/).filter(Boolean),
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

function isReserved(t: string): boolean {
  return stopWords.has(t) || Object.hasOwn(multipliers, t) || Object.hasOwn(unitWords, t) || reservedPattern.test(t);
}

// ---------------------------------------------------------------------------------------------
// Catalog index: built once per catalog array and cached, since ~400 models are matched per query.

type Entry = {
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

type CatalogIndex = {
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
  "sport", "cross", "city", "grand", "grande", "custom", "space", "star", "electric", "tech",
  "plus", "line", "classic", "coupe", "tourer", "touring", "cabrio", "verso", "range", "rover", "land",
]);

function catalogWords(name: string): { words: string[]; glued: boolean } {
  const tokens = scan(fold(name)).filter((tok) => /^[a-z]+$|^\d+$/.test(tok.t));
  return { words: tokens.map((tok) => tok.t), glued: tokens.length > 1 && tokens.slice(1).every((tok) => tok.sep === "glue") };
}

const isWeakName = (words: readonly string[]) => {
  const compact = words.join("");
  return /^\d+$/.test(compact) || compact.length <= 1 || (compact.length <= 2 && /^[a-z]+$/.test(compact));
};

function buildIndex(catalog: readonly AiCatalogMake[]): CatalogIndex {
  const entries: Entry[] = [];
  const seriesByDigit = new Map<string, Map<string, string>>();
  const add = (words: string[], glued: boolean, make: string, model: string | null, contextOnly: boolean, nickname = false) => {
    if (words.length === 0 || words.length > maxPhraseWords) return;
    entries.push({ words, key: words.join(" "), compact: words.join(""), glued, make, model, contextOnly, nickname });
  };
  const addName = (name: string, make: string, model: string | null, contextOnly: boolean) => {
    const w = catalogWords(name);
    add(w.words, w.glued, make, model, contextOnly || isWeakName(w.words));
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
          if (rest.length > 1 && head !== undefined && /^\d+$/.test(head)) add([head], false, makeCode, model.code, true);
        }
        const [first, second] = words;
        if (words.length === 2 && first !== undefined && second !== undefined) {
          if (["serija", "razred", "model", "klasa"].includes(first)) add([second], false, makeCode, model.code, true);
          if (first === "razred") {
            for (const v of [[second, "razred"], ["klasa", second], [second, "klasa"], [second, "class"], [second, "klasse"]]) add(v, false, makeCode, model.code, false);
          }
          if (first === "serija") {
            for (const v of [[second, "serija"], [second, "er"], ["series", second]]) add(v, false, makeCode, model.code, false);
            if (/^\d$/.test(second)) {
              const digits = seriesByDigit.get(makeCode) ?? new Map<string, string>();
              digits.set(second, model.code);
              seriesByDigit.set(makeCode, digits);
              for (const nick of bmwNicknames[second] ?? []) add([nick], false, makeCode, model.code, !standaloneNicknames.has(nick), true);
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
    if (ids.size !== 1 || !e || !/^[a-z]{6,}$/.test(w) || single.has(w) || makeWords.has(w) || genericModelWords.has(w) || isReserved(w)) continue;
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

function indexFor(catalog: readonly AiCatalogMake[]): CatalogIndex {
  const cached = indexCache.get(catalog);
  if (cached) return cached;
  const built = buildIndex(catalog);
  indexCache.set(catalog, built);
  return built;
}

// ---------------------------------------------------------------------------------------------
// Fuzzy word matching

// No catalog word is this long; longer tokens are garbage and must not cost quadratic time.
const maxFuzzyLength = 40;
// Reused rows: this runs hundreds of times per query and allocation dominated it.
const rows = [new Int32Array(maxFuzzyLength + 2), new Int32Array(maxFuzzyLength + 2), new Int32Array(maxFuzzyLength + 2)] as const;

/** Optimal-string-alignment distance, giving up as soon as it must exceed `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max || a.length > maxFuzzyLength || b.length > maxFuzzyLength) return max + 1;
  const n = b.length;
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] ?? max + 1;
}

// Slovenian case endings: "golfa", "golfom", "bmwja", "audiju", "passatu".
const caseSuffixes = ["jem", "ega", "ja", "ju", "om", "em", "ov", "ev", "a", "u", "o", "e", "i"];

const stemsOf = (t: string): string[] => caseSuffixes.filter((s) => t.length - s.length >= 3 && t.endsWith(s)).map((s) => t.slice(0, -s.length));

function tokenInfo(tok: Token): { reserved: boolean; stems: readonly string[] } {
  tok.reserved ??= isReserved(tok.t);
  tok.stems ??= /^[a-z]+$/.test(tok.t) ? stemsOf(tok.t) : [];
  return { reserved: tok.reserved, stems: tok.stems };
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** 0 exact, 0.5 same stem, 1–2 typo, Infinity no match. */
function wordDistance(input: string, stems: readonly string[], cand: string): number {
  if (input === cand) return 0;
  if (isDigit(input.charCodeAt(0)) || isDigit(cand.charCodeAt(0))) return Infinity;
  if (input.length - cand.length > 3 || cand.length - input.length > 2) return Infinity;
  if (cand.length >= 3 && stems.includes(cand)) return 0.5;
  // Typos rarely hit the first letter, while common words one letter away from a short model
  // name mostly differ there ("kolo"/"polo", "nudi"/"audi", "januar"/"jaguar").
  if (input.charCodeAt(0) !== cand.charCodeAt(0)) return Infinity;
  const shorter = Math.min(input.length, cand.length);
  const max = shorter >= 7 ? 2 : shorter >= 4 ? 1 : 0;
  if (max === 0) return Infinity;
  const d = editDistance(input, cand, max);
  return d <= max ? d : Infinity;
}

// ---------------------------------------------------------------------------------------------
// Make and model matching

type Target = { make: string; model: string | null };
type Found = { entries: Entry[]; len: number };

// Prepositions that are also Mercedes class letters: "mercedes v ljubljani" is not a V-Class.
const prepositionLetters = new Set(["v", "s", "z", "k", "o"]);

const isUnitLike = (t: string) =>
  Object.hasOwn(multipliers, t) || Object.hasOwn(unitWords, t) || currencyWord.test(t) || /^(?:sedez|vrat|lastnik)/.test(t);

const isWordOrNumber = (t: string) => /^[a-z]+$|^\d+$/.test(t);

function matchAt(tokens: readonly Token[], i: number, index: CatalogIndex, make: string | null): Found | null {
  const inPool = (e: Entry) => (make === null ? !e.contextOnly : e.make === make && e.model !== null);
  let best: Entry[] = [];
  let bestCost = Infinity;
  let spaced = false;
  let first = "";
  const consider = (e: Entry, cost: number) => {
    if (!inPool(e) || (e.glued && spaced && !(first.length >= 2 && /^[a-z]+$/.test(first)))) return;
    if (cost < bestCost) [best, bestCost] = [[e], cost];
    else if (cost === bestCost && !best.includes(e)) best.push(e);
  };

  for (let len = Math.min(maxPhraseWords, tokens.length - i); len >= 1; len--) {
    if (!spanFree(tokens, i, len)) continue;
    const span = tokens.slice(i, i + len);
    if (!span.every((tok) => isWordOrNumber(tok.t))) continue;
    spaced = span.some((tok, k) => k > 0 && tok.spaced);
    first = span[0]?.t ?? "";
    const next = at(tokens, i + len);
    // "bmw 3 tisoč €" is a price, not a 3 Series.
    if (isDigit((span[len - 1]?.t ?? "").charCodeAt(0)) && next && !next.used && isUnitLike(next.t)) continue;
    const infos = span.map(tokenInfo);
    const reserved = len === 1 && (infos[0]?.reserved ?? false);
    best = [];
    bestCost = Infinity;

    if (!reserved || (make !== null && len === 1)) {
      for (const e of index.byKey.get(span.map((tok) => tok.t).join(" ")) ?? []) consider(e, 0);
      if (len === 1 || !spaced) for (const e of index.byCompact.get(span.map((tok) => tok.t).join("")) ?? []) consider(e, 0);
    }
    if (best.length === 0 && !reserved) {
      const candidates: Entry[] = [];
      if (len === 1) {
        // Same length ±2, or up to 3 longer for case endings ("golfom", "audija").
        for (let l = Math.max(1, first.length - 3); l <= first.length + 2; l++) candidates.push(...(index.singleByLength[l] ?? []));
      } else {
        span.forEach((tok, k) => candidates.push(...(index.multiByAnchor.get(`${len}|${k}|${tok.t}`) ?? [])));
      }
      for (const e of candidates) {
        if (!inPool(e)) continue;
        let cost = 0;
        let exactWords = 0;
        for (let k = 0; k < len && cost < Infinity; k++) {
          const info = infos[k];
          const d = wordDistance(span[k]?.t ?? "", info?.stems ?? [], e.words[k] ?? "");
          if (d === 0) exactWords++;
          else if (info?.reserved !== false) cost = Infinity;
          cost += d;
        }
        // One exact word anchors a multi-word typo ("serije 3", "land rower"); nicknames are never guessed.
        if (cost < Infinity && (len === 1 || exactWords > 0) && !(e.nickname && cost > 0)) consider(e, cost);
      }
    }
    if (best.length === 0) continue;
    if (make !== null && len === 1 && prepositionLetters.has(first) && next && !next.used && next.sep !== "break") {
      // "mercedes v ljubljani", "mercedes s 150 KM": the letter is a preposition there.
      const after = at(tokens, i + 2);
      const afterUnit = after && !after.used && (isUnitLike(after.t) || Object.hasOwn(multipliers, after.t));
      if (/^[a-z]/.test(next.t) || (next.num !== null && afterUnit)) continue;
    }
    const makes = best.filter((e) => e.model === null);
    return { entries: makes.length > 0 ? makes : best, len };
  }
  return null;
}

/** BMW type codes: "320d" → 3 Series, "118i" → 1 Series (only right after the make). */
function seriesCodeAt(tokens: readonly Token[], i: number, index: CatalogIndex, make: string): Found | null {
  const tok = at(tokens, i);
  const digits = index.seriesByDigit.get(make);
  if (!digits || !tok || tok.used || !/^[1-8]\d\d$/.test(tok.t)) return null;
  const next = at(tokens, i + 1);
  if (next && !next.used && isUnitLike(next.t)) return null;
  const model = digits.get(tok.t.charAt(0));
  const entry = model === undefined ? undefined : index.byMake.get(make)?.find((e) => e.model === model);
  return entry ? { entries: [entry], len: 1 } : null;
}

function matchModels(tokens: readonly Token[], index: CatalogIndex): Target[] {
  const groups: Target[][] = [];
  const mentioned = new Set<string>();
  let lastModel: { end: number; make: string } | null = null;

  const contextModel = (start: number, make: string): Found | null =>
    matchAt(tokens, start, index, make) ?? seriesCodeAt(tokens, start, index, make);

  for (let i = 0; i < tokens.length; i++) {
    const found = matchAt(tokens, i, index, null);
    if (!found) continue;
    const entries = found.entries.filter((e) => !(e.nickname && lastModel?.end === i && lastModel.make !== e.make));
    const head = entries[0];
    if (!head) continue;
    markUsed(tokens, i, found.len);
    let end = i + found.len;
    if (head.model !== null) {
      groups.push(entries.map((e) => ({ make: e.make, model: e.model })));
      lastModel = { end, make: head.make };
      i = end - 1;
      continue;
    }
    const make = head.make;
    mentioned.add(make);
    const models: Target[] = [];
    let ctx = contextModel(end, make);
    while (ctx) {
      markUsed(tokens, end, ctx.len);
      models.push(...ctx.entries.map((e) => ({ make, model: e.model })));
      end += ctx.len;
      // "bmw serije 3 ali 5", "mercedes c/e": the make carries over a conjunction or slash.
      const conj = at(tokens, end);
      if (conj && !conj.used && ["ali", "in", "oz", "ter"].includes(conj.t)) {
        const more = contextModel(end + 1, make);
        if (more) {
          markUsed(tokens, end, 1);
          end += 1;
        }
        ctx = more;
      } else ctx = conj && !conj.used && conj.sep === "slash" ? contextModel(end, make) : null;
    }
    const previous = groups.at(-1);
    // "seat leon cupra": a brand right after a model it also sells under that name is a trim.
    const isTrim =
      models.length === 0 &&
      lastModel?.end === i &&
      (previous ?? []).some((t) => t.make !== make && t.model !== null && (index.byMake.get(make) ?? []).some((e) => e.model === t.model));
    if (!isTrim) groups.push(models.length > 0 ? models : [{ make, model: null }]);
    lastModel = { end, make };
    i = end - 1;
  }

  // "leon" is both a Cupra and a Seat; a brand named elsewhere in the text decides.
  const out: Target[] = [];
  for (const group of groups) {
    const preferred = group.filter((t) => mentioned.has(t.make));
    out.push(...(preferred.length > 0 && preferred.length < group.length ? preferred : group));
  }
  const withModel = new Set(out.filter((t) => t.model !== null).map((t) => t.make));
  const seen = new Set<string>();
  return out.filter((t) => {
    const id = `${t.make}(${t.model ?? ""})`;
    if ((t.model === null && withModel.has(t.make)) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------

const pick = <T extends string>(allowed: readonly T[], found: ReadonlySet<T>): T[] => allowed.filter((v) => found.has(v));

/** Parses Slovenian free text into search filters; unknown words are ignored. */
export function parseFreeTextSearch(text: string, catalog: readonly AiCatalogMake[], now: Date = new Date()): SearchFilters {
  const f = emptyFilters();
  if (typeof text !== "string" || text.trim() === "") return f;
  const time = now instanceof Date ? now.getTime() : Number.NaN;
  const year = Number.isFinite(time) ? new Date(time).getUTCFullYear() : new Date().getUTCFullYear();

  const acc: Acc = {
    source: new Set(),
    region: new Set(),
    fuel: new Set(),
    color: new Set(),
    damage: new Set(),
    transmission: new Set(),
    body: new Set(),
    driveWheels: new Set(),
    seller: new Set(),
    eq: new Set(),
    flags: new Set(),
    ranges: {},
  };
  const tokens = tokenize(text);
  applyRules(tokens, preRuleSet, acc);
  const models = Array.isArray(catalog) ? matchModels(tokens, indexFor(catalog)) : [];
  applyRules(tokens, mainRuleSet, acc);
  applyNumbers(tokens, { year, acc });

  f.model = models.map((t) => ({ manufacturer: t.make, model: t.model }));
  f.source = pick(listFilters.source, acc.source);
  f.region = pick(listFilters.region, acc.region);
  f.fuel = pick(listFilters.fuel, acc.fuel);
  f.color = pick(listFilters.color, acc.color);
  f.damage = pick(listFilters.damage, acc.damage);
  f.transmission = pick(listFilters.transmission, acc.transmission);
  f.body = pick(listFilters.body, acc.body);
  f.driveWheels = pick(listFilters.driveWheels, acc.driveWheels);
  f.seller = pick(listFilters.seller, acc.seller);
  f.eq = pick(listFilters.eq, acc.eq);
  for (const key of acc.flags) f[key] = true;
  for (const key of ["price", "year", "odo", "power", "seats", "owners", "doors"] as const) f[key] = acc.ranges[key] ?? null;
  f.ai = null;
  return f;
}
