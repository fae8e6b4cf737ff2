/**
 * Seeds local D1/R2 (the same .wrangler state that dev, preview and wrangler use) with realistic
 * demo data. Idempotent: a second run with the same options does nothing.
 *   npm run seed                      # 3,000 postings
 *   npm run seed -- --postings 100000 # benchmark set
 *   npm run seed -- --force           # wipe and seed again
 * AVTOTRG_STATE picks another state folder (the e2e suite uses its own).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { bodyColorHex } from "../src/domain/enums/vehicle";
import { isEquipmentAsField } from "../src/domain/equipment";
import { daysOnline, splitByWeights } from "../src/domain/days-online";
import { annuityCents, offerTotal } from "../src/domain/financing";
import { ljubljanaDay } from "../src/domain/ljubljana-time";
import { searchPriceOf } from "../src/domain/money";
import { addDays } from "../src/domain/views-series";
import { toCanonicalPhone } from "../src/domain/phone";
import { getDb } from "../src/db/client.server";
import { recomputeMarketValues } from "../src/services/market-value.server";
import { carSvg, interiorSvg, type CarView } from "./lib/car-svg";
import { createRandom, insertStatements, type Random, type SqlValue } from "./lib/sql";

// 9: financing offers carry their rate and financed amount, and pay the annuity of them (issue 21).
const seedVersion = "10";
const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const postingCount = Number(argValue("--postings") ?? 3000);
const force = args.includes("--force");
const stateDir = process.env.AVTOTRG_STATE ?? ".wrangler/state";
const now = new Date(process.env.AVTOTRG_SEED_NOW ?? Date.now());
const currentYear = now.getUTCFullYear();

type Trim = {
  name: string;
  yearFrom: number;
  yearTo: number | null;
  powerKw: number;
  fuel: string;
  displacementCcm: number | null;
  transmission: string;
  driveWheels: string;
  bodyType: string;
  doors: number;
  seats: number;
  consumptionCombined: number | null;
  co2: number | null;
  euroStandard: string | null;
  batteryKwh: number | null;
  rangeKm: number | null;
};
type Series = {
  code: string;
  name: string;
  yearFrom: number;
  yearTo: number | null;
  bodyTypes: string[];
  trims: Trim[];
};
type Make = {
  code: string;
  name: string;
  country: string;
  popular: boolean;
  wmi: string[];
  models: { code: string; name: string; series: Series[] }[];
};
type Texts = {
  firstNames: string[];
  lastNames: string[];
  regions: Record<string, string[]>;
  streets: string[];
  descriptionOpeners: string[];
  descriptionMiddles: string[];
  descriptionClosers: string[];
  dealerships: {
    name: string;
    publicName: string;
    region: string;
    city: string;
    address: string;
    postalCode: string;
    phone: string;
    email: string;
    webPage: string;
    brands: string[];
    weekdayFrom: string;
    weekdayTo: string;
    saturdayFrom: string;
    saturdayTo: string;
    taxNumber: string;
    registrationNumber: string;
    buyerNumber: string;
    remark: string;
    network: string | null;
  }[];
  networks: { code: string; name: string; city: string; address: string; email: string; phone: string }[];
  articles: {
    code: string;
    title: string;
    subtitle: string;
    summary: string;
    moreLink: string;
    position: number;
    body: string;
  }[];
  equipmentDescriptors: {
    equipmentCode: string;
    displayName: string;
    videoId: string;
    description: string;
    category: string;
    link: string;
    articleLink: string | null;
    limitedToMakes: string[];
  }[];
  equipmentCodes: { code: string; label: string; group: string }[];
  vehicleCostPrices: { key: string; label: string; value: number; unit: string }[];
};

const catalog = JSON.parse(readFileSync(process.env.AVTOTRG_CATALOG ?? "scripts/data/catalog.json", "utf8")) as Make[];
const texts = JSON.parse(readFileSync("scripts/data/texts.json", "utf8")) as Texts;

const iso = (d: Date) => d.toISOString();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/d\.o\.o\.|s\.p\./g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

// ------------------------------------------------------------------ catalog rows
function catalogRows() {
  const manufacturers: SqlValue[][] = [];
  const baseModels: SqlValue[][] = [];
  const series: SqlValue[][] = [];
  const trims: SqlValue[][] = [];
  const wmi: SqlValue[][] = [];
  const flat: {
    makeId: number;
    make: Make;
    baseModelId: number;
    modelName: string;
    seriesId: number;
    series: Series;
    trimId: number;
    trim: Trim;
  }[] = [];
  let makeId = 0,
    modelId = 0,
    seriesId = 0,
    trimId = 0;
  const seenWmi = new Set<string>();
  for (const make of catalog) {
    makeId++;
    manufacturers.push([makeId, make.code, make.name, make.country, make.popular]);
    for (const w of make.wmi)
      if (!seenWmi.has(w)) {
        seenWmi.add(w);
        wmi.push([w, makeId]);
      }
    for (const model of make.models) {
      modelId++;
      baseModels.push([modelId, makeId, model.code, model.name]);
      for (const s of model.series) {
        seriesId++;
        series.push([seriesId, makeId, modelId, s.code, s.name, s.yearFrom, s.yearTo, JSON.stringify(s.bodyTypes)]);
        for (const t of s.trims) {
          trimId++;
          trims.push([
            trimId,
            seriesId,
            t.name,
            t.yearFrom,
            t.yearTo,
            t.powerKw,
            t.fuel,
            t.displacementCcm,
            t.transmission,
            t.driveWheels,
            t.bodyType,
            t.doors,
            t.seats,
            t.consumptionCombined,
            t.co2,
            t.euroStandard,
            t.batteryKwh,
            t.rangeKm,
          ]);
          flat.push({
            makeId,
            make,
            baseModelId: modelId,
            modelName: model.name,
            seriesId,
            series: s,
            trimId,
            trim: t,
          });
        }
      }
    }
  }
  return { manufacturers, baseModels, series, trims, wmi, flat };
}

// ------------------------------------------------------------------ VIN
const vinChars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const yearCodes = "ABCDEFGHJKLMNPRSTVWXY123456789"; // 2010 = A … 2030 = Y, then 2031+ digits
const transliteration: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
function makeVin(rnd: Random, wmiCode: string, year: number): string {
  const chars = [...wmiCode];
  for (let i = 0; i < 5; i++) chars.push(rnd.pick([...vinChars]));
  chars.push("0");
  chars.push(yearCodes[(((year - 2010) % 30) + 30) % 30] ?? "A");
  chars.push(rnd.pick([..."ABCDEFGHJKLMNPRSTUVWXYZ"]));
  for (let i = 0; i < 6; i++) chars.push(String(rnd.int(0, 9)));
  const sum = chars.reduce(
    (s, c, i) => s + (/\d/.test(c) ? Number(c) : (transliteration[c] ?? 0)) * (weights[i] ?? 0),
    0,
  );
  chars[8] = sum % 11 === 10 ? "X" : String(sum % 11);
  return chars.join("");
}

// ------------------------------------------------------------------ pictures
type Picture = { key: string; body: string };
const pictureStore = new Map<string, Picture>();
function picture(key: string, render: () => string): string {
  if (!pictureStore.has(key)) pictureStore.set(key, { key, body: render() });
  return key;
}
function exteriorKeys(
  makeName: string,
  makeCode: string,
  modelName: string,
  bodyType: string,
  color: string,
): string[] {
  const hex = bodyColorHex[color as keyof typeof bodyColorHex] ?? "#888888";
  const base = `seed/cars/${makeCode}-${slug(modelName)}-${bodyType.toLowerCase()}-${color.toLowerCase()}`;
  const views: CarView[] = ["side", "front", "rear"];
  const keys = views.map((view) =>
    picture(`${base}-${view}.svg`, () => carSvg({ make: makeName, model: modelName, bodyType, color: hex, view })),
  );
  // A mirrored side view for variety without another drawing routine.
  keys.push(
    picture(`${base}-side2.svg`, () =>
      carSvg({ make: makeName, model: modelName, bodyType, color: hex, view: "side" })
        .replace(/<path /, '<g transform="translate(1200 0) scale(-1 1)"><path ')
        .replace(/<text x="1140" y="752"/, '</g><text x="1140" y="752"'),
    ),
  );
  return keys;
}
const interiorHex: Record<string, string> = {
  WHITE: "#e9e4da",
  BLACK: "#1e1f22",
  LIGHT_GRAY: "#a7abb0",
  DARK_GRAY: "#4a4e53",
  BEIGE: "#cdb896",
  BROWN: "#6b4a33",
  BLUE: "#2d4a77",
  RED: "#8d1f24",
  BORDEAUX_RED: "#5c1724",
  GREEN: "#33553d",
  OTHER: "#7d7468",
};
const interiorKeys = (color: string) => [
  picture(`seed/interior/${color.toLowerCase()}-dashboard.svg`, () =>
    interiorSvg({ seatColor: interiorHex[color] ?? "#444", view: "dashboard" }),
  ),
  picture(`seed/interior/${color.toLowerCase()}-seats.svg`, () =>
    interiorSvg({ seatColor: interiorHex[color] ?? "#444", view: "seats" }),
  ),
];
function bannerSvg(title: string, subtitle: string, w: number, h: number, hue: number) {
  const esc = (s: string) => s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c] ?? c);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 22%)"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.6}" fill="#fff" opacity="0.06"/><text x="${w * 0.05}" y="${h * 0.55}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(h / 8)}" font-weight="700" fill="#fff">${esc(title)}</text><text x="${w * 0.05}" y="${h * 0.72}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(h / 16)}" fill="#d5f2ee">${esc(subtitle)}</text></svg>`;
}
function logoSvg(name: string, hue: number) {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-ZČŠŽ]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><rect width="200" height="200" rx="36" fill="hsl(${hue} 55% 35%)"/><text x="100" y="128" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#fff">${initials}</text></svg>`;
}

/** Phones are stored in the one E.164 form (issue 21); the data files keep them as people write them. */
const e164 = (phone: string) => toCanonicalPhone(phone) ?? phone;

// ------------------------------------------------------------------ main
async function main() {
  const started = Date.now();
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(stateDir, "v3") } });
  const { DB, MEDIA } = proxy.env;
  try {
    const meta = await DB.prepare("SELECT value FROM seed_meta WHERE key = 'seed'")
      .first<{ value: string }>()
      .catch(() => {
        throw new Error("The local database has no tables yet: run `npm run db:migrate` first.");
      });
    const wanted = `${seedVersion}:${postingCount}`;
    if (meta?.value === wanted && !force) {
      console.log(`Seed already present (${postingCount} postings); nothing to do. Use --force to seed again.`);
      return;
    }
    if (meta) await wipe(DB);
    const statements = buildStatements();
    for (let i = 0; i < statements.length; i += 25) {
      await DB.batch(statements.slice(i, i + 25).map((s) => DB.prepare(s)));
    }
    const sqlDone = Date.now();
    const pictures = [...pictureStore.values()];
    for (let i = 0; i < pictures.length; i += 64) {
      await Promise.all(
        pictures
          .slice(i, i + 64)
          .map((p) => MEDIA.put(p.key, p.body, { httpMetadata: { contentType: "image/svg+xml" } })),
      );
    }
    // Planner statistics: without them SQLite picks poor indexes for search at this size.
    await DB.prepare("ANALYZE").run();
    // What the daily cron would have computed: every page shows the market value from the first start.
    const market = await recomputeMarketValues(getDb(DB), now);
    await DB.prepare("INSERT OR REPLACE INTO seed_meta (key, value) VALUES ('seed', ?)").bind(wanted).run();
    console.log(
      `Seeded ${postingCount} postings: ${statements.length} SQL statements in ${sqlDone - started} ms, ${pictures.length} pictures in ${Date.now() - sqlDone} ms; market value: ${market.rated} of ${market.valued} rated, median error ${(market.medianErrorBp / 100).toFixed(1)} %.`,
    );
  } finally {
    await proxy.dispose();
  }
}

const dataTables = [
  "posting_market_values",
  "posting_price_changes",
  "market_models",
  "leasing_clicks",
  "favorites",
  "posting_views_daily",
  "posting_reviews",
  "posting_equipment",
  "posting_files",
  "posting_details",
  "campaign_transfers",
  "payment_events",
  "credit_day_ledger",
  "featuring_purchases",
  "saved_searches",
  "oauth_tokens",
  "oauth_codes",
  "oauth_consent_sessions",
  "partner_applications",
  "postings",
  "sessions",
  "login_tokens",
  "pin_requests",
  "oauth_states",
  "user_identities",
  "rate_limits",
  "salespeople",
  "dealer_contacts",
  "dealer_signup_requests",
  "audit_log",
  "outbox",
  "users",
  "dealerships",
  "dealership_networks",
  "articles",
  "equipment_descriptors",
  "vehicle_cost_prices",
  "pricing_items",
  "vin_wmi",
  "trims",
  "model_series",
  "base_models",
  "manufacturers",
  "seed_meta",
];
async function wipe(db: D1Database) {
  await db.batch(dataTables.map((t) => db.prepare(`DELETE FROM ${t}`)));
}

function buildStatements(): string[] {
  const rnd = createRandom(20260422);
  const out: string[] = [];
  const cat = catalogRows();
  out.push(...insertStatements("manufacturers", ["id", "code", "name", "country", "popular"], cat.manufacturers));
  out.push(...insertStatements("base_models", ["id", "manufacturer_id", "code", "name"], cat.baseModels));
  out.push(
    ...insertStatements(
      "model_series",
      ["id", "manufacturer_id", "base_model_id", "code", "name", "year_from", "year_to", "body_types"],
      cat.series,
    ),
  );
  out.push(
    ...insertStatements(
      "trims",
      [
        "id",
        "series_id",
        "name",
        "year_from",
        "year_to",
        "power_kw",
        "fuel",
        "displacement_ccm",
        "transmission",
        "drive_wheels",
        "body_type",
        "doors",
        "seats",
        "consumption_combined",
        "co2",
        "euro_standard",
        "battery_kwh",
        "range_km",
      ],
      cat.trims,
    ),
  );
  out.push(...insertStatements("vin_wmi", ["wmi", "manufacturer_id"], cat.wmi));

  // networks and dealerships
  const networkIds = new Map<string, number>();
  out.push(
    ...insertStatements(
      "dealership_networks",
      ["id", "code", "name", "address", "city", "email", "phone", "logo_key", "banner_key"],
      texts.networks.map((n, i) => {
        networkIds.set(n.code, i + 1);
        const logo = picture(`seed/networks/${n.code}-logo.svg`, () => logoSvg(n.name, 170 + i * 40));
        const banner = picture(`seed/networks/${n.code}-banner.svg`, () =>
          bannerSvg(n.name, n.city, 1440, 500, 170 + i * 40),
        );
        return [i + 1, n.code, n.name, n.address, n.city, n.email, e164(n.phone), logo, banner];
      }),
    ),
  );
  const dealerships = texts.dealerships.map((d, i) => ({ ...d, id: i + 1, code: slug(d.publicName) }));
  out.push(
    ...insertStatements(
      "dealerships",
      [
        "id",
        "code",
        "name",
        "public_name",
        "address",
        "postal_code",
        "city",
        "region",
        "email",
        "phone",
        "weekday_from",
        "weekday_to",
        "saturday_from",
        "saturday_to",
        "web_page",
        "facebook",
        "instagram",
        "logo_key",
        "banner_key",
        "brands",
        "network_id",
        "advertising_days",
        "subscription_end_date",
        "buyer_number",
        "tax_number",
        "registration_number",
        "responsible_first_name",
        "responsible_last_name",
        "responsible_phone",
        "responsible_email",
        "remark",
      ],
      dealerships.map((d, i) => {
        const logo = picture(`seed/dealers/${d.code}-logo.svg`, () => logoSvg(d.publicName, (i * 29) % 360));
        const banner = picture(`seed/dealers/${d.code}-banner.svg`, () =>
          bannerSvg(d.publicName, `${d.address}, ${d.city}`, 1440, 500, (i * 29) % 360),
        );
        const first = texts.firstNames[(i * 7) % texts.firstNames.length] ?? "Marko";
        const last = texts.lastNames[(i * 11) % texts.lastNames.length] ?? "Novak";
        return [
          d.id,
          d.code,
          d.name,
          d.publicName,
          d.address,
          d.postalCode,
          d.city,
          d.region,
          d.email,
          e164(d.phone),
          d.weekdayFrom,
          d.weekdayTo,
          d.saturdayFrom,
          d.saturdayTo,
          d.webPage,
          `https://www.facebook.com/${d.code}`,
          `https://www.instagram.com/${d.code.replace(/-/g, "")}`,
          logo,
          banner,
          JSON.stringify(d.brands),
          d.network ? (networkIds.get(d.network) ?? null) : null,
          i % 3 === 0 ? 60 : 20,
          `${currentYear + 1}-12-31`,
          d.buyerNumber,
          d.taxNumber,
          d.registrationNumber,
          first,
          last,
          `+3864${String(1000000 + i * 7919).slice(0, 7)}`,
          d.email,
          d.remark,
        ];
      }),
    ),
  );
  out.push(
    ...insertStatements(
      "credit_day_ledger",
      ["dealership_id", "amount", "reason", "created_at"],
      dealerships.map((d, i) => [d.id, i % 3 === 0 ? 60 : 20, "Začetno dodeljeni dnevi oglaševanja", iso(daysAgo(90))]),
    ),
  );

  // users: demo accounts first (README lists them), then dealership staff and private sellers
  type UserRow = {
    id: number;
    email: string | null;
    first: string | null;
    last: string | null;
    phone: string | null;
    admin?: boolean;
    editor?: boolean;
    dealershipId?: number;
    role?: "HEAD" | "SALESPERSON";
    registeredAt: string;
    membership?: string;
  };
  const users: UserRow[] = [
    {
      id: 1,
      email: "admin@primer.si",
      first: "Andreja",
      last: "Kos",
      phone: "+38641000001",
      admin: true,
      editor: true,
      registeredAt: iso(daysAgo(400)),
    },
    {
      id: 2,
      email: "urednik@primer.si",
      first: "Urban",
      last: "Golob",
      phone: "+38641000002",
      editor: true,
      registeredAt: iso(daysAgo(380)),
    },
    {
      id: 3,
      email: "kupec@primer.si",
      first: "Katja",
      last: "Novak",
      phone: "+38641000003",
      registeredAt: iso(daysAgo(200)),
      membership: "AMZS-1002003",
    },
    {
      id: 4,
      email: "prodajalec@primer.si",
      first: "Peter",
      last: "Zupan",
      phone: "+38641000004",
      registeredAt: iso(daysAgo(150)),
    },
    {
      id: 5,
      email: "trgovec@primer.si",
      first: "Tomaž",
      last: "Kranjc",
      phone: "+38641000005",
      dealershipId: 1,
      role: "HEAD",
      registeredAt: iso(daysAgo(500)),
    },
    {
      id: 6,
      email: "svetovalec@primer.si",
      first: "Sara",
      last: "Vidmar",
      phone: "+38641000006",
      dealershipId: 1,
      role: "SALESPERSON",
      registeredAt: iso(daysAgo(300)),
    },
    { id: 7, email: "nov@primer.si", first: null, last: null, phone: null, registeredAt: iso(daysAgo(1)) },
    {
      id: 8,
      email: null,
      first: "Janez",
      last: "Oblak",
      phone: "+38641123456",
      registeredAt: "2024-03-14T09:30:00.000Z",
    },
    // A second legacy phone account: the one the e2e suite moves to e-mail (Janez stays legacy).
    {
      id: 9,
      email: null,
      first: "Marija",
      last: "Horvat",
      phone: "+38641123457",
      registeredAt: "2023-09-02T16:10:00.000Z",
    },
  ];
  let nextUserId = 10;
  const staff = new Map<number, number[]>([[1, [5, 6]]]);
  for (const d of dealerships.slice(1)) {
    const ids: number[] = [];
    for (let k = 0; k < 3; k++) {
      const id = nextUserId++;
      ids.push(id);
      users.push({
        id,
        email: `${k === 0 ? "vodja" : `svetovalec${k}`}@${d.code}.si`,
        first: rnd.pick(texts.firstNames),
        last: rnd.pick(texts.lastNames),
        phone: `+38640${String(100000 + id).padStart(6, "0")}`,
        dealershipId: d.id,
        role: k === 0 ? "HEAD" : "SALESPERSON",
        registeredAt: iso(daysAgo(rnd.int(200, 900))),
      });
    }
    staff.set(d.id, ids);
  }
  const privateSellers: number[] = [4];
  const privateCount = Math.max(50, Math.round(postingCount / 8));
  for (let k = 0; k < privateCount; k++) {
    const id = nextUserId++;
    privateSellers.push(id);
    const first = rnd.pick(texts.firstNames),
      last = rnd.pick(texts.lastNames);
    users.push({
      id,
      email: `${slug(first)}.${slug(last)}.${id}@primer.si`,
      first,
      last,
      phone: `+38651${String(100000 + id).slice(-6)}`,
      registeredAt: iso(daysAgo(rnd.int(10, 1500))),
    });
  }
  out.push(
    ...insertStatements(
      "users",
      [
        "id",
        "email",
        "first_name",
        "last_name",
        "phone_number",
        "phone_verified",
        "amzs_membership_number",
        "amzs_admin",
        "amzs_posting_editor",
        "accepted_terms_at",
        "dealership_id",
        "dealership_role",
        "registered_at",
      ],
      users.map((u) => [
        u.id,
        u.email,
        u.first,
        u.last,
        u.phone,
        u.phone !== null,
        u.membership ?? null,
        u.admin ?? false,
        u.editor ?? false,
        u.first ? u.registeredAt : null,
        u.dealershipId ?? null,
        u.role ?? null,
        u.registeredAt,
      ]),
    ),
  );
  const salespeopleRows: SqlValue[][] = [];
  for (const u of users)
    if (u.role === "SALESPERSON" && u.dealershipId && u.phone)
      salespeopleRows.push([u.dealershipId, u.phone, u.first, u.last, u.id, iso(daysAgo(100))]);
  out.push(
    ...insertStatements(
      "salespeople",
      ["dealership_id", "phone_number", "first_name", "last_name", "user_id", "invited_at"],
      salespeopleRows,
    ),
  );
  out.push(
    ...insertStatements(
      "dealer_contacts",
      ["dealership_id", "name", "phone", "email", "comment", "add_to_all_postings"],
      dealerships.flatMap((d) => [
        [d.id, "Prodaja rabljenih vozil", e164(d.phone), d.email, "Pon–pet 8–18", true],
        [d.id, "Servis", e164(d.phone.replace(/\d{2}$/, "10")), null, "Naročila na servis", false],
      ]),
    ),
  );

  // A partner application for local OAuth tries (README, decision 023); its secret is for local use only.
  out.push(
    ...insertStatements(
      "partner_applications",
      ["id", "code", "name", "redirect_uris", "client_secret_hash"],
      [
        [
          1,
          "dms-demo",
          "DMS Demo d.o.o.",
          JSON.stringify([8787, 4173, 4189].map((port) => `http://localhost:${port}/dev/partner-callback`)),
          createHash("sha256").update("dms-demo-local-secret").digest("hex"),
        ],
      ],
    ),
  );

  // content
  out.push(
    ...insertStatements(
      "articles",
      ["id", "code", "title", "subtitle", "summary", "body", "more_link", "position", "image_key", "expires_at"],
      texts.articles.map((a, i) => [
        i + 1,
        a.code,
        a.title,
        a.subtitle,
        a.summary,
        a.body,
        a.moreLink,
        a.position,
        picture(`seed/articles/${a.code}.svg`, () =>
          bannerSvg(
            a.title.length > 48 ? `${a.title.slice(0, 46)}…` : a.title,
            a.subtitle.slice(0, 70),
            1200,
            630,
            (i * 45 + 160) % 360,
          ),
        ),
        i === texts.articles.length - 1 ? iso(daysAgo(3)) : null,
      ]),
    ),
  );
  out.push(
    ...insertStatements(
      "equipment_descriptors",
      [
        "equipment_code",
        "display_name",
        "video_id",
        "description",
        "category",
        "link",
        "article_link",
        "limited_to_makes",
      ],
      texts.equipmentDescriptors.map((e) => [
        e.equipmentCode,
        e.displayName,
        e.videoId,
        e.description,
        e.category,
        e.link,
        e.articleLink,
        JSON.stringify(e.limitedToMakes),
      ]),
    ),
  );
  out.push(
    ...insertStatements(
      "vehicle_cost_prices",
      ["key", "label", "value", "unit"],
      texts.vehicleCostPrices.map((p) => [p.key, p.label, p.value, p.unit]),
    ),
  );
  const pricing: SqlValue[][] = [];
  for (const [pkg, perDay, membership] of [
    ["STANDARD", 50, false],
    ["EXPOSED", 120, false],
    ["EXPOSED_MEMBERS", 90, true],
  ] as const) {
    for (const days of [7, 14, 30, 60, 90, 180]) pricing.push([pkg, days, perDay, membership]);
  }
  out.push(...insertStatements("pricing_items", ["package", "days", "price_per_day", "requires_membership"], pricing));

  out.push(...postingStatements(rnd, cat.flat, dealerships, staff, privateSellers));
  return out;
}

const premium = new Set([
  "bmw",
  "mercedes-benz",
  "audi",
  "land-rover",
  "jaguar",
  "lexus",
  "tesla",
  "volvo",
  "ds",
  "cupra",
  "mini",
  "alfa-romeo",
]);
const budget = new Set(["dacia", "suzuki", "fiat", "mg", "lancia", "smart", "chevrolet", "mitsubishi"]);
const regionsList = [
  "LJUBLJANA",
  "LJUBLJANA",
  "LJUBLJANA",
  "MARIBOR",
  "MARIBOR",
  "CELJE",
  "CELJE",
  "KRANJ",
  "GORICA",
  "KOPER",
  "NOVO MESTO",
  "MURSKA SOBOTA",
  "SLOVENIJA",
] as const;
const colorWeights = [
  ["WHITE", 18],
  ["BLACK", 17],
  ["GRAY", 15],
  ["SILVER", 14],
  ["BLUE", 12],
  ["RED", 8],
  ["DARK_GRAY", 5],
  ["GREEN", 2],
  ["BEIGE", 2],
  ["BROWN", 2],
  ["BORDEAUX_RED", 2],
  ["LIGHT_GRAY", 2],
  ["OTHER", 1],
] as const;

function postingStatements(
  rnd: Random,
  flat: ReturnType<typeof catalogRows>["flat"],
  dealerships: { id: number; region: string; city: string; phone: string; email: string; brands: string[] }[],
  staff: Map<number, number[]>,
  privateSellers: number[],
): string[] {
  const byMake = new Map<string, typeof flat>();
  for (const f of flat) {
    const list = byMake.get(f.make.code) ?? [];
    list.push(f);
    byMake.set(f.make.code, list);
  }
  const makeWeights = catalog.map((mk) => [mk.code, mk.popular ? 6 : 1] as const);
  const equipmentCodes = texts.equipmentCodes.map((e) => e.code);
  const codes = new Set<string>();
  const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

  const postingRows: SqlValue[][] = [];
  const detailRows: SqlValue[][] = [];
  const equipmentRows: SqlValue[][] = [];
  const fileRows: SqlValue[][] = [];
  const viewRows: SqlValue[][] = [];
  const favouriteRows: SqlValue[][] = [];
  const priceChangeRows: SqlValue[][] = [];
  const spreadDays = postingCount > 10_000 ? 120 : 60;

  for (let id = 1; id <= postingCount; id++) {
    // Peter Zupan (prodajalec@primer.si) owns the first six; dealership 1 a generous share.
    const sellerKind = id <= 6 ? "own" : rnd.chance(0.45) ? "dealer" : "person";
    const dealership =
      sellerKind === "dealer" ? (rnd.chance(0.18) ? dealerships[0] : rnd.pick(dealerships)) : undefined;
    // Peter keeps only his six (a private seller is capped at three active postings).
    const userId = dealership
      ? rnd.pick(staff.get(dealership.id) ?? [5])
      : sellerKind === "own"
        ? 4
        : rnd.pick(privateSellers.slice(1));
    const makeCode =
      dealership && dealership.brands.length > 0 && rnd.chance(0.6)
        ? rnd.pick(dealership.brands)
        : rnd.weighted(makeWeights);
    const candidates = byMake.get(makeCode) ?? byMake.get(rnd.weighted(makeWeights)) ?? flat;
    const v = rnd.pick(candidates);
    const t = v.trim;
    const yearTo = Math.min(t.yearTo ?? currentYear, currentYear);
    const yearFrom = Math.min(Math.max(t.yearFrom, 2003), yearTo);
    const year = rnd.int(yearFrom, yearTo);
    const age = currentYear - year;
    const condition = age === 0 && rnd.chance(0.5) ? "BRAND_NEW" : age <= 1 && rnd.chance(0.15) ? "TESTING" : "USED";
    const odometer =
      condition === "BRAND_NEW"
        ? rnd.int(0, 50)
        : condition === "TESTING"
          ? rnd.int(1000, 15000)
          : Math.max(500, age * rnd.int(9000, 23000) + rnd.int(0, 8000));

    // status and dates
    const status =
      id <= 6
        ? ((["PUBLISHED", "PUBLISHED", "PUBLISHED", "SOLD", "REMOVED", "DRAFT"] as const)[id - 1] ?? "PUBLISHED")
        : rnd.weighted([
            ["PUBLISHED", 86],
            ["SOLD", 5],
            ["EXPIRED", 4],
            ["REMOVED", 3],
            ["DRAFT", 2],
          ] as const);
    const publishedDaysAgo = status === "EXPIRED" ? rnd.int(95, 160) : rnd.next() ** 1.6 * spreadDays;
    const publishedAt =
      status === "DRAFT" ? null : new Date(now.getTime() - publishedDaysAgo * 86_400_000 - rnd.int(0, 86_000) * 1000);
    const createdAt = publishedAt
      ? new Date(publishedAt.getTime() - rnd.int(600, 86_400) * 1000)
      : daysAgo(rnd.int(0, 20));
    const expiresAt = publishedAt ? new Date(publishedAt.getTime() + 90 * 86_400_000) : null;
    const soldAt =
      status === "SOLD" && publishedAt
        ? new Date(Math.min(now.getTime() - 3_600_000, publishedAt.getTime() + rnd.int(2, 40) * 86_400_000))
        : null;

    // price (cents): a new-price estimate by power and brand tier, depreciated by age and mileage
    const tier = makeCode === "porsche" ? 2.6 : premium.has(makeCode) ? 1.55 : budget.has(makeCode) ? 0.78 : 1;
    const newPrice = (11_000 + t.powerKw * 175) * tier * (t.fuel === "ELECTRIC" ? 1.15 : 1);
    const value =
      Math.max(newPrice * 0.88 ** age, newPrice * 0.1) *
      (1 - Math.min(0.3, odometer / 1_000_000)) *
      (0.93 + rnd.next() * 0.14);
    const price = Math.max(1500, Math.round(value / 100) * 100 - (rnd.chance(0.4) ? 10 : 0)) * 100;
    const priceType =
      sellerKind === "dealer"
        ? rnd.weighted([
            ["NORMAL", 60],
            ["SPECIAL_OFFER", 13],
            ["WITH_FINANCING", 12],
            ["FINAL_PRICE", 8],
            ["NEGOTIABLE", 3],
            ["RENTAL_ONLY", 4],
          ] as const)
        : rnd.weighted([
            ["NORMAL", 74],
            ["NEGOTIABLE", 12],
            ["FINAL_PRICE", 10],
            ["SPECIAL_OFFER", 4],
          ] as const);
    const specialPrice =
      priceType === "SPECIAL_OFFER"
        ? Math.round((price * (0.9 + rnd.next() * 0.06)) / 10_000) * 10_000 - 1000
        : priceType === "WITH_FINANCING"
          ? Math.round((price * 0.96) / 10_000) * 10_000
          : null;
    const rentalPrices =
      priceType === "RENTAL_ONLY"
        ? [{ price: Math.round(price / 100 / 450) * 100 + 2900, interval: "DAILY" }]
        : sellerKind === "dealer" && rnd.chance(0.05)
          ? [{ price: Math.round(price / 100 / 40) * 100, interval: "MONTHLY" }]
          : [];
    const hasRentalOptions = rentalPrices.length > 0;
    const financingOffers =
      priceType === "WITH_FINANCING" && specialPrice
        ? (() => {
            // Cents like every amount (decision 050), and true to its own terms: the monthly payment is the annuity
            // of the financing price (the special price) minus the down payment at the bank partner's 4,49 %.
            const down = Math.round(specialPrice * 0.2);
            const months = [36, 48, 60, 84][id % 4] ?? 60; // from the id, not the random stream: the rest of the seed stays as it was
            const annualRateBasisPoints = [449, 449, 399, 529][Math.floor(id / 4) % 4] ?? 449;
            const financedAmount = specialPrice - down;
            const monthly = annuityCents(financedAmount, annualRateBasisPoints, months);
            return [
              {
                downPayment: down,
                monthlyPayment: monthly,
                months,
                total: offerTotal({ downPayment: down, monthlyPayment: monthly, months }),
                annualRateBasisPoints,
                financedAmount,
              },
            ];
          })()
        : [];
    const searchPrice = searchPriceOf({ priceType, price, specialPrice });

    const color = rnd.weighted(colorWeights);
    const interiorColor = rnd.weighted([
      ["BLACK", 50],
      ["DARK_GRAY", 15],
      ["LIGHT_GRAY", 8],
      ["BEIGE", 10],
      ["BROWN", 7],
      ["RED", 3],
      ["WHITE", 2],
      ["BLUE", 2],
      ["BORDEAUX_RED", 1],
      ["GREEN", 1],
      ["OTHER", 1],
    ] as const);
    const interiorMaterial = rnd.weighted([
      ["TEXTILE", 55],
      ["PART_LEATHER", 15],
      ["LEATHER", 15],
      ["ALCANTARA", 5],
      ["SYNTHETIC_LEATHER", 8],
      ["NAPA_LEATHER", 2],
    ] as const);
    const damage = rnd.weighted([
      ["UNDAMAGED", 90],
      ["MALFUCTIONING", 3],
      ["DAMAGED", 5],
      ["CRASHED", 2],
    ] as const);
    const region = dealership?.region ?? rnd.pick(regionsList);
    const place = dealership?.city ?? rnd.pick(texts.regions[region] ?? ["Ljubljana"]);
    const hiddenVin = rnd.chance(0.05);
    const wmiCode = v.make.wmi[0] ?? "ZZZ";
    const vin = makeVin(rnd, wmiCode, year);
    const slovenian = rnd.chance(0.82);
    const combined = t.consumptionCombined ?? (t.fuel === "ELECTRIC" ? 16 : 6);
    const co2 = t.co2 ?? (t.fuel === "ELECTRIC" ? 0 : Math.round(combined * 23));
    const energyClass =
      co2 === 0
        ? "A+"
        : co2 < 100
          ? "A"
          : co2 < 120
            ? "B"
            : co2 < 140
              ? "C"
              : co2 < 160
                ? "D"
                : co2 < 200
                  ? "E"
                  : co2 < 250
                    ? "F"
                    : "G";
    const euro =
      t.euroStandard ?? (year >= 2021 ? "6d" : year >= 2015 ? "6" : year >= 2011 ? "5" : year >= 2006 ? "4" : "3");

    // histories: inspections at ages 4, 6, 8 then yearly (records since 2015), owners, registrations
    const historyOdometer: { date: string; km: number }[] = [];
    const registrations: { date: string; outcome: string; km: number | null }[] = [];
    const anomaly = rnd.chance(0.015);
    for (let a = 4; a <= age; a = a < 8 ? a + 2 : a + 1) {
      const y = year + a;
      if (y < 2015 || y > currentYear) continue;
      const km = Math.round(((odometer * a) / Math.max(age, 1)) * (0.9 + rnd.next() * 0.1));
      const date = `${y}-${String(rnd.int(1, 12)).padStart(2, "0")}-${String(rnd.int(1, 28)).padStart(2, "0")}`;
      historyOdometer.push({ date, km: anomaly && historyOdometer.length === 2 ? Math.round(km * 0.6) : km });
      registrations.push({ date, outcome: rnd.chance(0.95) ? "PASSED" : "PASSED_WITH_REMARKS", km });
    }
    const owners = condition === "USED" ? Math.min(5, 1 + Math.floor(rnd.next() * (1 + age / 4))) : 0;
    const ownerPeriods: { from: string; to: string | null; ownerType: string }[] = [];
    for (let o = 0; o < owners; o++) {
      const from = year + Math.floor((age * o) / owners);
      const to = o === owners - 1 ? null : year + Math.floor((age * (o + 1)) / owners);
      ownerPeriods.push({
        from: `${from}-01`,
        to: to === null ? null : `${to}-01`,
        ownerType: rnd.chance(0.8) ? "PRIVATE" : "COMPANY",
      });
    }
    const historiesKnown = historyOdometer.length > 0 && ownerPeriods.length > 0 && registrations.length > 0;
    const promising = historiesKnown && !anomaly && !hiddenVin && rnd.chance(0.55);
    const verified = rnd.chance(sellerKind === "dealer" ? 0.12 : 0.04);
    const goodBuy = verified && rnd.chance(0.4);
    // A hidden VIN is never promoted (spec section 5); the draw stays so the rest of the data does not shift.
    const featured = status === "PUBLISHED" && rnd.chance(0.025) && !hiddenVin;
    const code = (() => {
      for (;;) {
        let c = "";
        for (let i = 0; i < 8; i++) c += rnd.pick([...codeAlphabet]);
        if (!codes.has(c)) {
          codes.add(c);
          return c;
        }
      }
    })();
    const drawnViews =
      status === "DRAFT" ? 0 : Math.round(rnd.next() ** 2.2 * 4000 + publishedDaysAgo * rnd.int(2, 12));
    const online = {
      status,
      publishedAt: publishedAt ? iso(publishedAt) : null,
      soldAt: soldAt ? iso(soldAt) : null,
      expiresAt: expiresAt ? iso(expiresAt) : null,
    };
    // At most 150 a day online: a posting published this morning has not been seen 600 times (decision 070).
    const views = Math.min(drawnViews, 150 * ((daysOnline(online, now) ?? 0) + 1));

    // Price history (issue 28): about one published posting in nine was cut since it went online, by 3–8 %, one to
    // forty-five days ago (a few twice), so cards show their drop marks and pages their history from the first start.
    // From the id, not the random stream: the rest of the seed stays as it was.
    let lastPriceChange: number | null = null;
    let lastPriceChangeAt: string | null = null;
    const daysOnlineSoFar = publishedAt ? Math.floor((now.getTime() - publishedAt.getTime()) / 86_400_000) : 0;
    if (
      status === "PUBLISHED" &&
      id > 6 &&
      id % 9 === 4 &&
      searchPrice !== null &&
      priceType !== "NEGOTIABLE" &&
      daysOnlineSoFar >= 3
    ) {
      const daysBack = 1 + ((id * 7) % Math.min(45, daysOnlineSoFar - 1));
      const at = (back: number) => iso(new Date(now.getTime() - back * 86_400_000 - (id % 11) * 3_600_000));
      const cut = [0.03, 0.05, 0.04, 0.08, 0.06][id % 5] ?? 0.05;
      const before = Math.round((searchPrice * (1 + cut)) / 10_000) * 10_000;
      const twice = id % 4 === 0 && daysBack + 10 < daysOnlineSoFar;
      const first = twice ? Math.round((before * 1.04) / 10_000) * 10_000 : null;
      if (first !== null) priceChangeRows.push([id, first, before, at(daysBack + 9)]);
      priceChangeRows.push([id, before, searchPrice, at(daysBack)]);
      lastPriceChangeAt = at(daysBack);
      // As the price trigger keeps it: the cut under the lowest price of the last 30 days, while within them.
      const within = [...(first !== null && daysBack + 9 <= 30 ? [first] : []), ...(daysBack <= 30 ? [before] : [])];
      lastPriceChange = within.length > 0 ? searchPrice - Math.min(...within) : null;
    }

    postingRows.push([
      id,
      code,
      userId,
      dealership?.id ?? null,
      dealership ? rnd.pick(staff.get(dealership.id) ?? [userId]) : null,
      status,
      rnd.weighted([
        ["USER", 92],
        ["FE_AUTO", sellerKind === "dealer" ? 6 : 0],
        ["AI", 2],
      ] as const),
      vin,
      hiddenVin,
      false,
      !dealership,
      v.makeId,
      v.baseModelId,
      v.seriesId,
      v.trimId,
      t.name,
      condition,
      year,
      `${year}-${String(rnd.int(1, 12)).padStart(2, "0")}`,
      slovenian,
      odometer,
      owners,
      damage,
      t.fuel,
      t.powerKw,
      t.displacementCcm,
      t.transmission,
      t.driveWheels,
      t.bodyType,
      t.doors,
      t.seats,
      color,
      rnd.chance(0.6),
      interiorColor,
      interiorMaterial,
      t.bodyType === "CONVERTIBLE" ? "CANVAS" : rnd.chance(0.12) ? "SUNROOF" : "NORMAL",
      t.fuel === "ELECTRIC" ? null : Math.round(combined * 12.5) / 10,
      t.fuel === "ELECTRIC" ? null : Math.round(combined * 8.5) / 10,
      combined,
      euro,
      t.batteryKwh,
      rnd.chance(0.7),
      rnd.int(1, 5),
      rnd.int(1, 8),
      priceType,
      priceType === "RENTAL_ONLY" ? null : price,
      specialPrice,
      rnd.chance(0.08),
      searchPrice,
      hasRentalOptions,
      JSON.stringify(rentalPrices),
      region,
      dealership ? (rnd.chance(0.05) ? "ARRIVING" : "READY") : null,
      goodBuy,
      verified,
      promising,
      priceType === "WITH_FINANCING",
      featured ? iso(new Date(now.getTime() + rnd.int(1, 30) * 86_400_000)) : null,
      featured ? rnd.pick(["STANDARD", "EXPOSED"]) : null,
      views,
      publishedAt ? iso(publishedAt) : null,
      expiresAt ? iso(expiresAt) : null,
      soldAt ? iso(soldAt) : null,
      iso(createdAt),
      iso(publishedAt ?? createdAt),
      lastPriceChange,
      lastPriceChangeAt,
    ]);

    const opener = rnd
      .pick(texts.descriptionOpeners)
      .replace(/\{make\}/g, v.make.name)
      .replace(/\{model\}/g, v.modelName)
      .replace(/\{year\}/g, String(year));
    const description = [
      opener,
      ...rnd.sample(texts.descriptionMiddles, rnd.int(2, 4)),
      rnd.pick(texts.descriptionClosers),
    ].join(" ");
    detailRows.push([
      id,
      "NORMAL",
      rnd.chance(0.7) ? "VIN_ENTRY" : "MANUAL_ENTRY",
      false,
      year,
      slovenian ? "SI" : rnd.pick(["DE", "AT", "IT", "FR", "NL", "BE"]),
      co2,
      energyClass,
      t.rangeKm,
      rnd.chance(0.75) ? "ALU" : "STEEL",
      rnd.int(15, 20),
      rnd.int(6, 10),
      priceType === "WITH_FINANCING" ? specialPrice : null,
      Math.round(price / 1.22 / 100) * 100,
      sellerKind === "dealer" && rnd.chance(0.3),
      sellerKind === "dealer" && rnd.chance(0.1) ? 50000 : null,
      rnd.chance(0.03),
      JSON.stringify(financingOffers),
      description,
      null,
      sellerKind === "dealer" && rnd.chance(0.1)
        ? `https://www.${slug(v.make.name)}.si/zaloga/${code.toLowerCase()}`
        : null,
      place,
      dealership ? dealership.email : null,
      e164(
        dealership
          ? dealership.phone
          : `+386 ${rnd.pick(["31", "41", "51", "40", "70"])} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
      ),
      dealership && rnd.chance(0.3)
        ? rnd.pick(["FACTORY_WARRANTY", "EXTENDED_WARRANTY", "AMZS_WARRANTY"])
        : rnd.chance(0.05)
          ? "OTHER_WARRANTY"
          : null,
      dealership ? rnd.pick([12, 24, 36]) : 6,
      verified ? "Vozilo je prestalo pregled v več kot 100 točkah; poročilo velja 30 dni." : null,
      goodBuy ? "Cena je pod povprečjem primerljivih vozil na trgu." : null,
      verified ? iso(daysAgo(rnd.int(1, 25))) : null,
      JSON.stringify(historyOdometer),
      JSON.stringify(ownerPeriods),
      JSON.stringify(registrations),
      iso(daysAgo(rnd.int(0, 6))),
      false,
      false,
      status === "DRAFT" ? "details" : null,
    ]);

    for (const [i, eq] of rnd.sample(equipmentCodes, rnd.int(5, 18)).entries()) {
      const kind = i < 4 ? "SERIAL" : rnd.chance(0.1) ? "PACKAGE" : "ADDITIONAL";
      // 4×4 and alloy rims are the drive and rims fields, not ticks (decision 060); the draw stays the same.
      if (!isEquipmentAsField(eq)) equipmentRows.push([id, eq, kind, kind === "PACKAGE" ? "Paket Komfort" : null]);
    }
    const exterior = exteriorKeys(v.make.name, v.make.code, v.modelName, t.bodyType, color);
    const interior = interiorKeys(interiorColor);
    const pictures = [...exterior, ...interior, ...(damage !== "UNDAMAGED" && exterior[1] ? [exterior[1]] : [])];
    const count = Math.min(pictures.length, rnd.int(3, 8));
    pictures.slice(0, count).forEach((key, order) => {
      const type = order >= 6 ? "DAMAGE_PICTURE" : order >= 4 ? "INTERIOR_PICTURE" : "EXTERIOR_PICTURE";
      fileRows.push([id, key, type, "image/svg+xml", `slika-${order + 1}.svg`, 1200, 800, order, iso(createdAt)]);
    });

    // Daily views that add up to the posting's total (decision 070), on the Ljubljana days it was online:
    // every day for the dealer dashboard's dealership and the seeded private seller (their charts), a row
    // a week for the others. The last 30 days' draws are the weights (the same draws as before, so the
    // rest of the data stays where it was).
    if (publishedAt && status !== "DRAFT") {
      const detailed = dealership?.id === 1 || userId === 4;
      const recent: number[] = [];
      if (detailed)
        for (let d = 0; d < 30; d++) {
          if (daysAgo(d) < publishedAt) break;
          recent.push(rnd.int(0, 40));
        }
      const days = daysOnline(online, now) ?? 0;
      const lastDay = addDays(ljubljanaDay(publishedAt), days);
      const step = detailed ? 1 : 7;
      const rows = Array.from({ length: Math.floor(days / step) + 1 }, (_, i) => ({
        day: addDays(lastDay, -i * step),
        weight: detailed ? (recent[i] ?? 20) : Math.min(step, days - i * step + 1),
      }));
      splitByWeights(
        views,
        rows.map((r) => r.weight),
      ).forEach((n, i) => {
        const row = rows[i];
        if (row && n > 0) viewRows.push([id, row.day, n]);
      });
    }
    if (status === "PUBLISHED" && id > 6 && favouriteRows.length < 6 && rnd.chance(0.01))
      favouriteRows.push([3, id, searchPrice, iso(daysAgo(rnd.int(1, 20)))]);
  }

  return [
    ...insertStatements(
      "postings",
      [
        "id",
        "code",
        "user_id",
        "dealership_id",
        "salesperson_user_id",
        "status",
        "posting_source",
        "vin",
        "hidden_vin",
        "hide_posting",
        "private_posting",
        "manufacturer_id",
        "base_model_id",
        "series_id",
        "trim_id",
        "trim_name",
        "vehicle_condition",
        "model_year",
        "first_registration",
        "slovenian_vehicle",
        "odometer_km",
        "previous_owners",
        "damage",
        "fuel",
        "power_kw",
        "displacement_ccm",
        "transmission",
        "drive_wheels",
        "body_type",
        "doors",
        "seats",
        "color",
        "metallic",
        "interior_color",
        "interior_material",
        "roof_type",
        "consumption_city",
        "consumption_highway",
        "consumption_combined",
        "euro_standard",
        "battery_kwh",
        "service_book",
        "safety_score",
        "score",
        "price_type",
        "price",
        "special_price",
        "swap",
        "search_price",
        "has_rental_options",
        "rental_prices",
        "contact_region",
        "arrival_state",
        "badge_good_buy",
        "badge_verified",
        "badge_promising",
        "badge_financing",
        "featured_until",
        "featured_package",
        "views_total",
        "published_at",
        "expires_at",
        "sold_at",
        "created_at",
        "updated_at",
        "last_price_change",
        "last_price_change_at",
      ],
      postingRows,
    ),
    ...insertStatements(
      "posting_details",
      [
        "posting_id",
        "posting_type",
        "entry_mode",
        "is_partial_vin",
        "trim_year",
        "first_registration_country",
        "co2",
        "energy_class",
        "range_km",
        "rims_material",
        "rims_size",
        "airbags",
        "financing_price",
        "price_without_vat",
        "vat_deductible",
        "cash_discount",
        "lease_takeover",
        "financing_offers",
        "description",
        "view360_url",
        "external_url",
        "contact_place",
        "contact_email",
        "contact_phone",
        "warranty_type",
        "warranty_months",
        "badge_verified_description",
        "badge_good_buy_description",
        "verified_at",
        "history_odometer",
        "history_owner_age",
        "history_registration_outcomes",
        "register_checked_at",
        "register_stolen",
        "register_pledged",
        "wizard_step",
      ],
      detailRows,
    ),
    ...insertStatements("posting_equipment", ["posting_id", "code", "kind", "package_name"], equipmentRows),
    ...insertStatements(
      "posting_files",
      [
        "posting_id",
        "object_key",
        "file_type",
        "mime_type",
        "original_name",
        "width",
        "height",
        "sort_order",
        "created_at",
      ],
      fileRows,
    ),
    ...insertStatements("posting_views_daily", ["posting_id", "day", "views"], viewRows),
    ...insertStatements("favorites", ["user_id", "posting_id", "price_at_like", "created_at"], favouriteRows),
    ...insertStatements(
      "posting_price_changes",
      ["posting_id", "old_price", "new_price", "changed_at"],
      priceChangeRows,
    ),
  ];
}

await main();
