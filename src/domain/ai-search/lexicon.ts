/**
 * Stage 1 of the free-text search pipeline: the keyword vocabulary. Each rule is a phrase of
 * word patterns (regular expressions over normalised tokens) and the effect it has on the
 * filters being collected. Pure data: the rules are applied to tokens in `parse.ts`.
 */
import type { Region } from "../enums/dealer";
import type { SellerType } from "../enums/search";
import type {
  BodyColor,
  BodyType,
  DamageState,
  DriveWheel,
  Fuel,
  Transmission,
  VehicleCondition,
} from "../enums/vehicle";
import type { EquipmentCode } from "../equipment";
import type { RatedStep } from "../market-value/rating";
import type { BooleanFilterKey, Range } from "../search-filters";

export type AiRangeKey =
  | "price"
  | "year"
  | "odo"
  | "power"
  | "battery"
  | "evRange"
  | "ccm"
  | "seats"
  | "owners"
  | "doors";
export type Acc = {
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
  priceRating: Set<RatedStep>;
  flags: Set<BooleanFilterKey>;
  ranges: Partial<Record<AiRangeKey, Range>>;
  /**
   * What "kombi" means here, from the makes and models named in the text (read before the keywords): a van,
   * or the estate of a car ("Škoda kombi" is the Combi, "i30 kombi" the estate; "VW kombi" the Transporter).
   */
  kombi: "STATION_WAGON" | "VAN";
};

type Effect = (acc: Acc, words: readonly string[]) => void;
export type Rule = { words: RegExp[]; apply: Effect };

export const word = (src: string) => new RegExp(`^(?:${src})$`);
/** Words separated by single spaces; each word is a regular expression over a normalised token. */
const rule = (pattern: string, apply: Effect): Rule => ({ words: pattern.split(" ").map(word), apply });

const fuel =
  (v: Fuel): Effect =>
  (a) =>
    void a.fuel.add(v);
const body =
  (v: BodyType): Effect =>
  (a) =>
    void a.body.add(v);
const color =
  (v: BodyColor): Effect =>
  (a) =>
    void a.color.add(v);
const gear =
  (v: Transmission): Effect =>
  (a) =>
    void a.transmission.add(v);
const region =
  (v: Region): Effect =>
  (a) =>
    void a.region.add(v);
const eq =
  (v: EquipmentCode): Effect =>
  (a) =>
    void a.eq.add(v);
const condition =
  (v: VehicleCondition): Effect =>
  (a) =>
    void a.source.add(v);
const seller =
  (v: SellerType): Effect =>
  (a) =>
    void a.seller.add(v);
const damage =
  (v: DamageState): Effect =>
  (a) =>
    void a.damage.add(v);
const flag =
  (v: BooleanFilterKey): Effect =>
  (a) =>
    void a.flags.add(v);
const drive =
  (v: DriveWheel): Effect =>
  (a) =>
    void a.driveWheels.add(v);
const allWheel: Effect = (a) => {
  a.driveWheels.add("BOTH");
  a.eq.add("OTHER_4X4");
};
const rated =
  (...v: RatedStep[]): Effect =>
  (a) => {
    for (const step of v) a.priceRating.add(step);
  };
// Consumes a phrase so its words cannot mean something else ("kot nov" is used, not new).
const nothing: Effect = () => undefined;

/** Adjective endings: rdeč, rdeča, rdečo, rdeče, rdeči, rdečega, rdečemu, rdečem, rdečih, rdečim, rdečimi. */
const A = "(?:a|o|e|i|ega|emu|em|ih|im|imi)?";

/** Three to nine: the same word alone ("pet") and as a compound's first part ("petvratni"). */
const threeToNine = { tri: 3, stiri: 4, pet: 5, sest: 6, sedem: 7, osem: 8, devet: 9 };

const countWords: Readonly<Record<string, number>> = {
  en: 1,
  ena: 1,
  eno: 1,
  enega: 1,
  prvi: 1,
  prvega: 1,
  dva: 2,
  dve: 2,
  dveh: 2,
  treh: 3,
  ...threeToNine,
};
const countOf = (w: string): number | null => {
  if (/^\d{1,2}$/.test(w)) return Number(w);
  return Object.hasOwn(countWords, w) ? (countWords[w] ?? null) : null;
};
const countPrefix = /^(dvo|tri|stiri|pet|sest|sedem|osem|devet)/;
const prefixCount: Readonly<Record<string, number>> = {
  dvo: 2,
  ...threeToNine,
};
const countFromPrefix = (w: string): number | null => {
  const p = countPrefix.exec(w)?.[1];
  return p !== undefined && Object.hasOwn(prefixCount, p) ? (prefixCount[p] ?? null) : null;
};

const seatsAtLeast = (n: number | null): Range | null =>
  n !== null && n >= 2 && n <= 9 ? { min: n, max: null } : null;
const numberWords = String.raw`\d{1,2}|en|ena|eno|enega|prvi|prvega|dva|dve|dveh|tri|treh|stiri|pet|sest|sedem|osem|devet`;

/** Phrases with digits that must be claimed before the catalog sees "x 4" or "7". */
export const preRules: Rule[] = [
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

export const mainRules: Rule[] = [
  // Regions first: "Nova Gorica" and "Novo mesto" must not read as "nov" (brand new).
  rule(String.raw`nov(?:a|e|i|o) goric(?:a|e|i|o)`, region("GORICA")),
  rule(String.raw`nov(?:o|ega|em|emu) mest(?:o|a|u)`, region("NOVO MESTO")),
  rule(String.raw`mursk(?:a|e|i|o) sobot(?:a|e|i|o)`, region("MURSKA SOBOTA")),
  rule(String.raw`skofj(?:a|e|i|o) lok(?:a|e|i|o)`, region("KRANJ")),
  rule(
    String.raw`ljubljan(?:a|e|i|o)|lj|domzal(?:e|ah|ami)?|kamnik(?:a|u|om)?|vrhnik(?:a|e|i|o)|osrednjeslovensk\w*`,
    region("LJUBLJANA"),
  ),
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
  rule("touring sports", body("STATION_WAGON")),
  rule("grand tour", body("STATION_WAGON")),
  rule("pick up", body("PICKUP")),
  rule(String.raw`dostavn\w* vozil\w*`, body("VAN")),
  rule("plug in", fuel("HYBRID")),
  rule(String.raw`zemeljsk\w* plin\w*`, fuel("GAS")),
  rule(String.raw`na plin`, fuel("GAS")),
  rule(String.raw`(?:mehansk|navadn)\w* menjalnik\w*`, gear("M")),
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

  rule(
    String.raw`dizel\w*|dizl\w*|diesel\w*|tdi|crdi|hdi|dci|cdi|tdci|jtd|jtdm|multijet|bluehdi|ecoblue|bluetec`,
    fuel("DIESEL"),
  ),
  rule(String.raw`bencin\w*|benzin\w*|tsi|tfsi|tce|mpi|fsi|gdi|tgdi|ecoboost`, fuel("PETROL")),
  rule(String.raw`hibrid\w*|hybrid\w*|phev|mhev|hev|plugin`, fuel("HYBRID")),
  rule(String.raw`elektri\w*|elektro|elektromobil\w*|ev|bev`, fuel("ELECTRIC")),
  rule(String.raw`plin|plina|plinom|plinsk\w*|lpg|cng|avtoplin\w*|metan`, fuel("GAS")),

  rule(
    String.raw`karavan\w*|caravan\w*|variant|touring|avant|sw|combi|estate|sportstourer|sportswagon|grandtour|kombikaravan\w*`,
    body("STATION_WAGON"),
  ),
  rule(String.raw`kombilimuzin\w*|hatchback\w*|hecbek\w*`, body("HATCHBACK")),
  rule(String.raw`limuzin\w*|sedan\w*`, body("SALOON")),
  rule(
    String.raw`suv|suva|suvu|suvi|suvom|suvov|terenec|terenc(?:a|u|em|i|ev|e)|terensk\w*|crossover\w*|dzip\w*`,
    body("SUV"),
  ),
  rule(String.raw`kombi(?:ja|ju|jem|ji|jev|ij)?`, (a) => void a.body.add(a.kombi)),
  rule(String.raw`dostavnik\w*|furgon\w*`, body("VAN")),
  rule(String.raw`enoprostor\w*|minivan\w*|mpv`, body("MINIVAN")),
  rule(String.raw`kabrio\w*|cabrio\w*|kabriolet\w*`, body("CONVERTIBLE")),
  rule(String.raw`kupe(?:ja|ju|jem|ji)?|coupe\w*`, body("COUPE")),
  rule(String.raw`pickup\w*|poltovornjak\w*`, body("PICKUP")),

  rule(String.raw`polavtomat\w*`, gear("SEMI_A")),
  rule(
    String.raw`avtomati(?:k|ka|ko|ki|kom|ku)|avtomatsk\w*|avtomat|samodejn\w*|automatic|automatik|dsg|tiptronic|steptronic|stronic|cvt`,
    gear("A"),
  ),
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
  rule(String.raw`metalik\w*|metallic|metaln${A}|kovinsk${A}`, flag("metallic")),

  rule(String.raw`nov|nova|novo|novi|nove|novega|novem|novih`, condition("BRAND_NEW")),
  rule(String.raw`rabljen\w*`, condition("USED")),
  rule(String.raw`testn(?:o|i|a|ega)|demo|demonstracijsk\w*`, condition("TESTING")),

  rule(
    String.raw`trgovec|trgovca|trgovcu|trgovci|trgovcev|salon|salona|salonu|avtosalon\w*|avtohis\w*|dealer`,
    seller("dealer"),
  ),
  rule(String.raw`zasebnik\w*|zasebn(?:o|i|a)|privat\w*`, seller("person")),

  rule(String.raw`slovensk\w*`, flag("slo")),
  rule(String.raw`servisiran\w*`, flag("serviceBook")),
  rule(String.raw`(?:za)?menjav\w*|menjam`, flag("swap")),
  rule(String.raw`financir\w*|financiranj\w*|kredit\w*|leasing\w*|lizing\w*`, flag("financing")),
  rule(String.raw`nekarambolir\w*|neposkodovan\w*|nekaramboliran\w*`, damage("UNDAMAGED")),

  // The market-value rating (issue 28): how people ask for a good price, not an amount. A rule's words are
  // split at spaces, so each alternation stays within one word.
  rule(String.raw`odlicn${A} cen${A}|ponudb${A}`, rated("GREAT")),
  rule(String.raw`top cen${A}`, rated("GREAT")),
  rule(String.raw`zelo dobr${A} cen${A}`, rated("GREAT")),
  rule(String.raw`dobr${A}|ugodn${A} cen${A}|ponudb${A}`, rated("GREAT", "GOOD")),
  rule(String.raw`dober|dobr${A} nakup\w*`, rated("GREAT", "GOOD")),
  rule(String.raw`posten${A}|realn${A} cen${A}`, rated("GREAT", "GOOD", "FAIR")),
  rule(String.raw`pod trzn${A} vrednost\w*|cen${A}`, rated("GREAT", "GOOD")),
  rule(String.raw`pod povprecj\w*`, rated("GREAT", "GOOD")),
  rule(String.raw`pocen${A}`, rated("GREAT", "GOOD")),

  rule(String.raw`karambolir\w*`, damage("CRASHED")),
  rule(String.raw`poskodovan\w*`, damage("DAMAGED")),
  rule(String.raw`pokvarjen\w*|okvarjen\w*`, damage("MALFUCTIONING")),
];

export type RuleSet = { rules: Rule[]; firstWord: RegExp };

// Longer phrases first, so "temno siva" wins over "siva" wherever it is defined.
function ruleSet(rules: Rule[]): RuleSet {
  rules.sort((a, b) => b.words.length - a.words.length);
  // Most tokens start no rule at all; one union test per token skips them cheaply.
  const firstWord = new RegExp(rules.map((r) => `(?:${r.words[0]?.source ?? "(?!)"})`).join("|"));
  return { rules, firstWord };
}
export const preRuleSet = ruleSet(preRules);
export const mainRuleSet = ruleSet(mainRules);
