import { describe, expect, it } from "vitest";
import catalogJson from "../../../scripts/data/catalog.json";
import type { SearchFilters } from "../search-filters";
import { type AiCatalogMake, analyseFreeText } from "./index";
import { mainRuleSet } from "./lexicon";
import { correctedKeyword, typoVocabulary } from "./typos";

/**
 * Issue 24: phrasings written the way people type them into the box (cases, dialect, missing
 * diacritics, typos, numbers in words, "jurjev", "tisočakov", "k"), each with the filters it must
 * give and exactly the words it must report as not understood (none unless listed).
 */
const catalog: AiCatalogMake[] = catalogJson.map((make) => ({
  code: make.code,
  name: make.name,
  models: make.models.map((m) => ({ code: m.code, name: m.name })),
}));
const now = new Date("2025-06-01T12:00:00Z");
const model = (manufacturer: string, code: string | null = null) => ({ manufacturer, model: code });
const only = (manufacturer: string, code: string | null = null) => ({ model: [model(manufacturer, code)] });
const range = (min: number | null, max: number | null) => ({ min, max });
const price = (min: number | null, max: number | null) => ({ price: range(min, max) });
const year = (min: number | null, max: number | null) => ({ year: range(min, max) });
const odo = (min: number | null, max: number | null) => ({ odo: range(min, max) });
const power = (min: number | null, max: number | null) => ({ power: range(min, max) });

/** The words it must name as not understood: none unless listed. */
type Case = [query: string, filters: Partial<SearchFilters>, ignored?: string[]];

const phrasings: Case[] = [
  // Make and model names in Slovenian cases, as objects of "iščem", "rabim", "kupil bi".
  ["iščem golfa", only("volkswagen", "golf")],
  ["rabim octavio", only("skoda", "octavia")],
  ["kupil bi passata", only("volkswagen", "passat")],
  ["kaj pa s passatom", only("volkswagen", "passat")],
  ["škodo octavio", only("skoda", "octavia")],
  ["bmw-ja", only("bmw")],
  ["BMW-ja x3", only("bmw", "x3")],
  ["audija a4", only("audi", "a4")],
  ["mercedesa", only("mercedes-benz")],
  ["iščem clia", only("renault", "clio")],
  ["fabio", only("skoda", "fabia")],
  ["superba", only("skoda", "superb")],
  ["yarisa", only("toyota", "yaris")],
  ["opel corso", only("opel", "corsa")],
  ["astro", only("opel", "astra")],
  ["peugeota 308", only("peugeot", "308")],
  ["renaulta clia", only("renault", "clio")],
  ["touarega", only("volkswagen", "touareg")],
  ["tiguana", only("volkswagen", "tiguan")],
  ["kodiaqa", only("skoda", "kodiaq")],
  ["hyundaija tucson", only("hyundai", "tucson")],
  ["toyoto yaris", only("toyota", "yaris")],
  ["fiata 500", only("fiat", "500")],
  ["bmwja x5", only("bmw", "x5")],
  ["kio sportage", only("kia", "sportage")],
  ["tesla model 3", only("tesla", "model-3")],
  ["golfom", only("volkswagen", "golf")],

  // "ali / al / ali pa novejši / starejši / mlajši": open ranges, never exactly that year.
  ["golf 2016 al novejši", { ...only("volkswagen", "golf"), ...year(2016, null) }],
  ["letnik 2015 ali novejši", year(2015, null)],
  ["2014 ali pa mlajši", year(2014, null)],
  ["2010 ali starejši", year(null, 2010)],
  ["2012 al pa starejši", year(null, 2012)],
  ["novejše od 2018", year(2018, null)],
  ["novejšo od 2016", year(2016, null)],
  ["ne starejši od 2012", year(2012, null)],
  ["2017 in novejši", year(2017, null)],
  ["od 2019 naprej", year(2019, null)],
  ["2020+", year(2020, null)],
  ["letnik vsaj 2016", year(2016, null)],
  ["ne starejši od 8 let", year(2017, null)],
  ["mlajši od 10 let", year(2015, null)],
  ["2016 novejši", year(2016, null)],

  // Ranges, in digits and in words; money slang.
  ["med 2015 in 2018", year(2015, 2018)],
  ["od 2012 do 2016", year(2012, 2016)],
  ["od 10 do 15 jurjev", price(10000, 15000)],
  ["do 15 tisočakov", price(null, 15000)],
  ["15k", price(null, 15000)],
  ["do 15k €", price(null, 15000)],
  ["pod 20.000 €", price(null, 20000)],
  ["do petnajst tisoč evrov", price(null, 15000)],
  ["dvajset jurjev", price(null, 20000)],
  ["okoli deset tisoč", price(9000, 11000)],
  ["med pet in osem tisoč", price(5000, 8000)],
  ["petindvajset tisoč evrov", price(null, 25000)],
  ["največ 12 jurjev", price(null, 12000)],
  ["do največ 9k", price(null, 9000)],
  ["cenejši od 10.000 €", price(null, 10000)],
  ["do 30 000 eur", price(null, 30000)],
  ["proračun 8000 €", price(null, 8000)],
  ["cena do 5 tisoč", price(null, 5000)],
  ["12.500 eur", price(null, 12500)],
  ["od 5 do 7k", price(5000, 7000)],
  ["8–10 jurjev", price(8000, 10000)],
  ["do 10 jurov", price(null, 10000)],
  ["do 6 tisočakov", price(null, 6000)],
  ["tri tisoč evrov", price(null, 3000)],
  ["dva tisoč šestnajst", year(2016, 2016)],
  ["letnik dva tisoč dvajset", year(2020, 2020)],

  // Mileage.
  ["manj kot 100 tisoč km", odo(null, 100000)],
  ["do 150.000 km", odo(null, 150000)],
  ["pod 50k km", odo(null, 50000)],
  ["do sto tisoč kilometrov", odo(null, 100000)],
  ["manj kot 60 tisoč prevoženih", odo(null, 60000)],
  ["do 200 tisoč prevoženih km", odo(null, 200000)],

  // Power: kW and KM (horsepower) converted to kW.
  ["150 konjev", power(110, 110)],
  ["110 kw", power(110, 110)],
  ["vsaj 150 KM", power(110, null)],
  ["nad 200 konjev", power(147, null)],
  ["do 100 kw", power(null, 100)],
  ["sto petdeset konjev", power(110, 110)],
  ["med 90 in 120 kW", power(90, 120)],
  ["moč vsaj 100 kw", power(100, null)],

  // Battery and range: never read as horsepower.
  ["doseg vsaj 400 km", { evRange: range(400, null), power: null }],
  ["baterija 60 kWh", { battery: range(60, null), power: null }],
  ["vsaj 75 kwh baterije", { battery: range(75, null) }],
  ["električni z dosegom nad 300 km", { fuel: ["ELECTRIC"], evRange: range(300, null), power: null }],
  ["tesla z 500 km dosega", { ...only("tesla"), evRange: range(500, null), power: null }],
  ["doseg 450 km", { evRange: range(450, null) }],
  [
    "tesla model y doseg vsaj 450 km do 40k",
    { ...only("tesla", "model-y"), evRange: range(450, null), ...price(null, 40000) },
  ],
  ["baterija med 50 in 80 kwh", { battery: range(50, 80) }],
  ["77,4 kWh", { battery: range(77.4, null) }],

  // Fuel, gearbox and body slang.
  ["dizl", { fuel: ["DIESEL"] }],
  ["dizelaš", { fuel: ["DIESEL"] }],
  ["bencinar", { fuel: ["PETROL"] }],
  ["na bencin", { fuel: ["PETROL"] }],
  ["hibridnega", { fuel: ["HYBRID"] }],
  ["električarja", { fuel: ["ELECTRIC"] }],
  ["plug in hibrid", { fuel: ["HYBRID"] }],
  ["na plin", { fuel: ["GAS"] }],
  ["lpg", { fuel: ["GAS"] }],
  ["avtomat", { transmission: ["A"] }],
  ["avtomatski menjalnik", { transmission: ["A"] }],
  ["ročni menjalnik", { transmission: ["M"] }],
  ["mehanski menjalnik", { transmission: ["M"] }],
  ["z avtomatiko", { transmission: ["A"] }],
  ["karavan", { body: ["STATION_WAGON"] }],
  ["kombi", { body: ["VAN"] }],
  ["škoda kombi", { ...only("skoda"), body: ["STATION_WAGON"] }],
  ["octavia kombi", { ...only("skoda", "octavia"), body: ["STATION_WAGON"] }],
  ["superb combi", { ...only("skoda", "superb"), body: ["STATION_WAGON"] }],
  ["vw kombi", { ...only("volkswagen"), body: ["VAN"] }],
  ["mercedes kombi", { ...only("mercedes-benz"), body: ["VAN"] }],
  ["vw transporter kombi", { ...only("volkswagen", "transporter"), body: ["VAN"] }],
  ["mercedes c razred kombi", { ...only("mercedes-benz", "razred-c"), body: ["STATION_WAGON"] }],
  ["hyundai i30 kombi", { ...only("hyundai", "i30"), body: ["STATION_WAGON"] }],
  ["renault megane grandtour", { ...only("renault", "megane"), body: ["STATION_WAGON"] }],
  ["corolla touring sports", { ...only("toyota", "corolla"), body: ["STATION_WAGON"] }],
  ["suv", { body: ["SUV"] }],
  ["terenca", { body: ["SUV"] }],
  ["limuzino", { body: ["SALOON"] }],
  ["kabrio", { body: ["CONVERTIBLE"] }],
  ["enoprostorca", { body: ["MINIVAN"] }],

  // Colours.
  ["črnega", { color: ["BLACK"] }],
  ["belo", { color: ["WHITE"] }],
  ["sivega metalik", { color: ["GRAY"], metallic: true }],
  ["rdečo", { color: ["RED"] }],
  ["srebrne barve", { color: ["SILVER"] }],
  ["bel ali črn", { color: ["WHITE", "BLACK"] }],

  // Missing diacritics and typos, on makes, models and keywords.
  ["skoda octavia", only("skoda", "octavia")],
  ["crn", { color: ["BLACK"] }],
  ["rocni", { transmission: ["M"] }],
  ["karavn", { body: ["STATION_WAGON"] }],
  ["avtomatk", { transmission: ["A"] }],
  ["navigacja", { eq: ["INNER_NAVIGATION"] }],
  ["limuzna", { body: ["SALOON"] }],
  ["oktavija", only("skoda", "octavia")],
  ["pasat", only("volkswagen", "passat")],
  ["mercedez", only("mercedes-benz")],
  ["folksvagen", only("volkswagen")],
  ["hyndai", only("hyundai")],
  ["bencinsk", { fuel: ["PETROL"] }],
  ["elektricni", { fuel: ["ELECTRIC"] }],
  ["terenc", { body: ["SUV"] }],

  // Dialect and filler: the words the parser cannot use are named back.
  ["rabim en fajn karavan do 10 jurjev", { body: ["STATION_WAGON"], ...price(null, 10000) }, ["fajn"]],
  ["kak dizl do 5 jurjev", { fuel: ["DIESEL"], ...price(null, 5000) }, ["kak"]],
  ["mam 8 jurjev", price(null, 8000), ["mam"]],
  ["poceni dizl za v službo", { fuel: ["DIESEL"] }, ["službo"]],
  ["iščem družinski avto z velikim prtljažnikom", { model: [] }, ["velikim", "prtljažnikom"]],
  ["golf 1.6 tdi", { ...only("volkswagen", "golf"), fuel: ["DIESEL"], ccm: range(1550, 1649) }],
  ["octavia 2,0 tdi", { ...only("skoda", "octavia"), fuel: ["DIESEL"], ccm: range(1950, 2049) }],
  ["clio 1.2 l bencin", { ...only("renault", "clio"), fuel: ["PETROL"], ccm: range(1150, 1249) }],
  ["poraba 5.5 l/100 km", { ccm: null }, ["poraba", "5.5"]],
  ["polo 1.4 l", { ...only("volkswagen", "polo"), ccm: range(1350, 1449) }],
  ["tesla baterija 1.6 kwh", { ccm: null }],
  ["okolica celja", { region: ["CELJE"] }, ["okolica"]],

  // Regions and places.
  ["iz ljubljane", { region: ["LJUBLJANA"] }],
  ["v mariboru", { region: ["MARIBOR"] }],
  ["kranj", { region: ["KRANJ"] }],
  ["na obali", { region: ["KOPER"] }],
  ["ljubljana ali domžale", { region: ["LJUBLJANA"] }],

  // Equipment and other flags.
  ["z navigacijo in usnjem", { eq: ["INNER_NAVIGATION", "INNER_LEATHER"] }],
  ["1 lastnik", { owners: range(null, 1) }],
  ["prvi lastnik servisna knjiga", { owners: range(null, 1), serviceBook: true }],
  ["slovensko poreklo", { slo: true }],
  ["nekaramboliran", { damage: ["UNDAMAGED"] }],
  ["možna menjava", { swap: true }, ["možna"]],
  ["na kredit", { financing: true }],
  ["7 sedežev", { seats: range(7, null) }],
  ["sedem sedežev", { seats: range(7, null) }],
  ["5 vrat", { doors: range(5, 5) }],
  ["petvratni", { doors: range(5, 5) }],

  // The market-value rating (issue 28): a good price, not an amount.
  ["dobra cena", { priceRating: ["GREAT", "GOOD"] }],
  ["golf z dobro ceno", { ...only("volkswagen", "golf"), priceRating: ["GREAT", "GOOD"] }],
  ["octavia pod tržno vrednostjo", { ...only("skoda", "octavia"), priceRating: ["GREAT", "GOOD"] }],
  ["pod trzno ceno karavan", { body: ["STATION_WAGON"], priceRating: ["GREAT", "GOOD"] }],
  ["odlična cena", { priceRating: ["GREAT"] }],
  ["dober nakup dizel do 10 jurjev", { fuel: ["DIESEL"], ...price(null, 10000), priceRating: ["GREAT", "GOOD"] }],
  ["poštena cena", { priceRating: ["GREAT", "GOOD", "FAIR"] }],
  ["poceni bmw", { ...only("bmw", null), priceRating: ["GREAT", "GOOD"] }],

  // Whole sentences.
  [
    "rabim octavio kombi dizl al novejšo od 2016 do 15 jurjev",
    {
      ...only("skoda", "octavia"),
      body: ["STATION_WAGON"],
      fuel: ["DIESEL"],
      ...year(2016, null),
      ...price(null, 15000),
    },
  ],
  [
    "bmw x5 dizl avtomatik do 40 jurjev 2018 ali novejši",
    { ...only("bmw", "x5"), fuel: ["DIESEL"], transmission: ["A"], ...price(null, 40000), ...year(2018, null) },
  ],
  [
    "družinski karavan z avtomatiko do 20.000 € letnik od 2017",
    { body: ["STATION_WAGON"], transmission: ["A"], ...price(null, 20000), ...year(2017, null) },
  ],
  [
    "audi a6 avant quattro 3.0 tdi",
    {
      ...only("audi", "a6"),
      body: ["STATION_WAGON"],
      driveWheels: ["BOTH"],
      fuel: ["DIESEL"],
      ccm: range(2950, 3049),
    },
  ],
  [
    "skoda superb kombi 2.0 tdi dsg letnik 2019 do 150 tisoc km",
    {
      ...only("skoda", "superb"),
      body: ["STATION_WAGON"],
      fuel: ["DIESEL"],
      transmission: ["A"],
      ...year(2019, 2019),
      ...odo(null, 150000),
      ccm: range(1950, 2049),
    },
  ],
  [
    "elektricni suv doseg vsaj 400 km do 35 jurjev",
    { fuel: ["ELECTRIC"], body: ["SUV"], evRange: range(400, null), ...price(null, 35000), power: null },
  ],
  [
    "iščem passata variant 2015 ali novejšega z manj kot 150 tisoč km",
    { ...only("volkswagen", "passat"), body: ["STATION_WAGON"], ...year(2015, null), ...odo(null, 150000) },
  ],
  [
    "clio ali corsa do 8k, bencin, iz maribora",
    {
      model: [model("renault", "clio"), model("opel", "corsa")],
      ...price(null, 8000),
      fuel: ["PETROL"],
      region: ["MARIBOR"],
    },
  ],
];

describe("the AI box reads phrasings the way people type them", () => {
  it("has at least 150 of them", () => {
    expect(phrasings.length).toBeGreaterThanOrEqual(150);
  });

  it.each(phrasings)("%s", (query, filters, ignored = []) => {
    const result = analyseFreeText(query, catalog, now);
    expect(result.filters).toMatchObject(filters);
    expect(result.ignored).toEqual(ignored);
  });

  it("corrects only to words a keyword rule accepts, and leaves short and common words alone", () => {
    for (const w of typoVocabulary) expect(mainRuleSet.firstWord.test(w), w).toBe(true);
    expect(correctedKeyword("bila")).toBeNull();
    expect(correctedKeyword("karavn")).toBe("karavan");
    expect(correctedKeyword("prtljaznikom")).toBeNull();
  });
});
