// Issue 25: the stock and admin postings search finds cars by any words, in any order, with or without
// diacritics (decision 070). The stock is the seeded dealership's kind of stock: Škoda, Volkswagen and
// Citroën with the seed's trims, years, VINs and codes.
import { describe, expect, it } from "vitest";
import { baseModels, manufacturers } from "~/db/schema/catalogue";
import { call, dealerUser, db, publishedPosting, signedInUser } from "./fixtures";

type Found = {
  total: number;
  postings: { code: string; title: string; vin: string | null; modelYear: number | null }[];
};

let made = 0;
/**
 * A per-run tag (the run's start time and a counter): VINs, codes and make codes of this file's rows. It is
 * written in letters that no query of the table can find (no vowel, no letter of "up", "rs", "vw", "tdi", "dsg"
 * and the rest, no digit): a base-36 tag once read "1CLUP5", and "e-up" found two cars by their codes.
 */
const LETTERS = "KMNWXYZ";
const spell = (n: number, width: number) => {
  let out = "";
  for (let i = 0; i < width; i++, n = Math.floor(n / LETTERS.length)) out = LETTERS[n % LETTERS.length] + out;
  return out;
};
const run = spell(Date.now() % LETTERS.length ** 6, 6);
const tag = () => `${run}${spell(made++, 3)}`;

async function make(name: string, models: string[]) {
  const [maker] = await db()
    .insert(manufacturers)
    .values({ code: `mk-${tag().toLowerCase()}`, name, popular: true })
    .returning();
  if (!maker) throw new Error("manufacturer not inserted");
  const rows = await db()
    .insert(baseModels)
    .values(models.map((m) => ({ manufacturerId: maker.id, code: m.toLowerCase(), name: m })))
    .returning();
  return { id: maker.id, model: (name: string) => rows.find((r) => r.name === name)?.id ?? 0 };
}

/** A dealership with the seed's kind of stock; returns the head's cookie and the postings by short name. */
let dealers = 0;
async function seededStyleDealership() {
  const head = await dealerUser();
  /** The VINs of one dealership's cars start alike: TMB, its letter and the run's tag. */
  const vinPrefix = `TMB${"ABCDEFGH"[dealers++ % 8]}${run}`;
  const skoda = await make("Škoda", ["Kodiaq", "Octavia", "Fabia"]);
  const vw = await make("Volkswagen", ["Passat", "Golf", "up!"]);
  const citroen = await make("Citroën", ["C3", "C5 Aircross"]);
  const dealershipId = head.user.dealershipId ?? 0;
  const car = (
    maker: Awaited<ReturnType<typeof make>>,
    model: string,
    trimName: string,
    modelYear: number,
    firstRegistration: string,
  ) => {
    const t = tag();
    return publishedPosting({
      userId: head.user.id,
      dealershipId,
      manufacturerId: maker.id,
      baseModelId: maker.model(model),
      trimName,
      modelYear,
      firstRegistration,
      code: `S${t}`.slice(0, 12),
      vin: `${vinPrefix}${t.slice(run.length)}`.padEnd(17, "7").slice(0, 17),
    });
  };
  const cars = {
    kodiaqRs: await car(skoda, "Kodiaq", "RS 2.0 TDI 4x4 DSG", 2021, "2021-03"),
    kodiaqStyle: await car(skoda, "Kodiaq", "2.0 TDI Style", 2019, "2019-06"),
    octavia: await car(skoda, "Octavia", "1.5 TSI Ambition", 2020, "2020-01"),
    fabia: await car(skoda, "Fabia", "1.0 MPI", 2017, "2017-09"),
    passat2019: await car(vw, "Passat", "2.0 TDI Highline", 2019, "2019-02"),
    passat2015: await car(vw, "Passat", "1.6 TDI Comfortline", 2015, "2015-05"),
    golf: await car(vw, "Golf", "1.5 eTSI Life", 2019, "2020-01"),
    up: await car(vw, "up!", "e-up!", 2021, "2021-07"),
    c3: await car(citroen, "C3", "1.2 PureTech Feel", 2018, "2018-04"),
    c5: await car(citroen, "C5 Aircross", "1.5 BlueHDi Shine", 2022, "2022-10"),
  };
  return { head, cars, vinPrefix };
}

const stock = async (q: string, cookie: string) => {
  const res = await call(`/internal-api/v1/draft?includeDealership=true&size=50&q=${encodeURIComponent(q)}`, {
    headers: { cookie },
  });
  expect(res.status, q).toBe(200);
  return (await res.json()) as Found;
};

describe("the stock search (the head's /dms/zaloga and its CSV)", () => {
  it("finds by any words in any order, with or without diacritics, by prefix, year, VIN and code", async () => {
    const { head, cars } = await seededStyleDealership();
    const codes = (list: (typeof cars)[keyof typeof cars][]) => list.map((c) => c.code).sort();
    const all = Object.values(cars);
    const { kodiaqRs, kodiaqStyle, octavia, fabia, passat2019, passat2015, golf, up, c3, c5 } = cars;
    const skodas = [kodiaqRs, kodiaqStyle, octavia, fabia];
    // [query, the postings it finds]
    const table: [string, (typeof all)[number][]][] = [
      ["škoda", skodas],
      ["skoda", skodas],
      ["ŠKODA", skodas],
      ["Škoda", skodas],
      ["SKODA", skodas],
      ["škoda kodiaq", [kodiaqRs, kodiaqStyle]],
      ["skoda kodiaq", [kodiaqRs, kodiaqStyle]],
      ["kodiaq škoda", [kodiaqRs, kodiaqStyle]],
      ["  kodiaq   skoda  ", [kodiaqRs, kodiaqStyle]],
      ["kodiaq", [kodiaqRs, kodiaqStyle]],
      ["Kodiaq RS", [kodiaqRs]],
      ["rs kodiaq", [kodiaqRs]],
      ["kodi", [kodiaqRs, kodiaqStyle]],
      ["kod", [kodiaqRs, kodiaqStyle]],
      ["passat 2019", [passat2019]],
      ["2019 passat", [passat2019]],
      ["volkswagen passat", [passat2019, passat2015]],
      ["vw", []],
      ["2019", [kodiaqStyle, passat2019, golf]],
      ["2020", [octavia, golf]],
      ["2019 škoda", [kodiaqStyle]],
      ["citroen", [c3, c5]],
      ["Citroën c5", [c5]],
      ["c5 aircross", [c5]],
      ["tdi", [kodiaqRs, kodiaqStyle, passat2019, passat2015]],
      ["2.0 tdi", [kodiaqRs, kodiaqStyle, passat2019]],
      ["highline", [passat2019]],
      ["style", [kodiaqStyle]],
      ["e-up", [up]],
      ["up", [up]],
      ["dsg 4x4", [kodiaqRs]],
      [passat2015.vin?.slice(2, 14) ?? "", [passat2015]],
      [(fabia.vin ?? "").toLowerCase(), [fabia]],
      [c3.code, [c3]],
      [c3.code.toLowerCase().slice(1), [c3]],
      ["kodiak", []],
      ["skoda passat", []],
      ["octavia 2019", []],
      ["%", []],
      ["_", []],
      ["'", []],
      ['"kodiaq"', []],
      ["kodiaq' OR '1'='1", []],
      [`${"kodiaq ".repeat(8)}`.trim(), [kodiaqRs, kodiaqStyle]],
      ["a b c d e f g h i j", []],
    ];
    expect(table.length).toBeGreaterThanOrEqual(30);
    for (const [q, expected] of table) {
      const found = await stock(q, head.cookie);
      expect(found.postings.map((p) => p.code).sort(), q).toEqual(codes(expected));
      expect(found.total, q).toBe(expected.length);
    }
    // No words: the whole stock; a query over 60 characters is dropped, as bad query values are (a 200, never a 500).
    for (const q of ["", "   ", "x".repeat(61), `škoda ${"kodiaq ".repeat(20)}`])
      expect((await stock(q, head.cookie)).total, JSON.stringify(q)).toBe(all.length);
  });

  it("searches the same in the CSV export", async () => {
    const { head, cars } = await seededStyleDealership();
    const res = await call("/internal-api/v1/dealer/stock.csv?q=skoda%20kodiaq", { headers: { cookie: head.cookie } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain(cars.kodiaqRs.code);
    expect(csv).toContain(cars.kodiaqStyle.code);
    expect(csv).not.toContain(cars.octavia.code);
    expect(csv).not.toContain(cars.passat2019.code);
  });
});

describe("the admin postings search (posting review)", () => {
  it("finds by the same words among every dealership's postings", async () => {
    const { cars, vinPrefix: mine } = await seededStyleDealership();
    const admin = await signedInUser({ amzsAdmin: true });
    // Other runs' and tests' Škodas are in the table too: the dealership's VIN prefix narrows to this test's cars.
    const review = async (q: string) => {
      const res = await call(`/internal-api/v1/posting-review?q=${encodeURIComponent(q)}`, {
        headers: { cookie: admin.cookie },
      });
      expect(res.status, q).toBe(200);
      return ((await res.json()) as Found).postings.map((p) => p.code).sort();
    };
    const table: [string, string[]][] = [
      ["škoda kodiaq", [cars.kodiaqRs.code, cars.kodiaqStyle.code]],
      ["skoda kodiaq", [cars.kodiaqRs.code, cars.kodiaqStyle.code]],
      ["ŠKODA kodi", [cars.kodiaqRs.code, cars.kodiaqStyle.code]],
      ["Kodiaq RS", [cars.kodiaqRs.code]],
      ["passat 2019", [cars.passat2019.code]],
      ["2019 passat", [cars.passat2019.code]],
      ["citroen c3", [cars.c3.code]],
      ["kodiak", []],
      ["%", []],
    ];
    for (const [q, expected] of table) {
      const words = q === "%" ? q : `${q} ${mine}`;
      expect(await review(words), words).toEqual(expected.sort());
    }
    // Without the run's VIN: every result found for "skoda kodiaq" is a Škoda Kodiaq.
    const res = await call("/internal-api/v1/posting-review?q=skoda%20kodiaq", { headers: { cookie: admin.cookie } });
    const all = (await res.json()) as Found;
    expect(all.postings.length).toBeGreaterThan(0);
    for (const p of all.postings) expect(p.title).toMatch(/^Škoda Kodiaq/);
  });
});
