import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postings } from "~/db/schema/postings";
import { emptyFilters, facetNames } from "~/domain/search-filters";
import { call, db, makeAndModel, publishedPosting } from "./fixtures";
import { createWorld, newListedSalesperson, type World } from "./hostile-fixtures";

/**
 * SQL injection (issue 11): classic payloads in every search parameter and in the text searches of
 * the dealer stock and the admin lists answer exactly as a harmless nonsense value does, LIKE
 * wildcards match only themselves, and the postings table is intact afterwards.
 */

const api = "/internal-api/v1";
const payloads = [
  "' OR 1=1 --",
  "' OR 'a'='a",
  '" OR ""="',
  "1) OR (1=1",
  "'; DROP TABLE postings; --",
  '"; DROP TABLE postings; --',
  // No commas: the codec reads "a,b" as two values, and " email" alone is a well-formed make code.
  "%' UNION SELECT email FROM users --",
  "' AND (SELECT COUNT(*) FROM sqlite_master) > 0 --",
  "1; SELECT sqlite_version()",
  "0..99999999 OR 1=1",
  "\\",
  "%",
  "_",
  "%%_%",
  "\u0000' OR 1=1",
];
/** Harmless, and as unusable as the payloads for every typed parameter (a space and "!" fit no code or number). */
const nonsense = "zz qx nonsense!";

/** Every parameter the search codec reads (spec section 3), its long aliases, and the API's paging. */
const searchParams = [
  ...Object.keys(emptyFilters()),
  "roofType",
  "fuelType",
  "bodyType",
  "euroStandard",
  "modelYear",
  "favorite",
  "size",
  "offset",
];

const get = (path: string, cookie?: string) => call(path, { headers: cookie ? { cookie } : {} });

async function tableState() {
  const tables = await db().all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
  );
  const [row] = await db().select({ n: sql<number>`count(*)` }).from(postings).all();
  return { tables: tables.map((t) => t.name), postings: row?.n ?? -1 };
}

describe("SQL injection in search parameters and text searches", () => {
  let w: World;
  let before: Awaited<ReturnType<typeof tableState>>;
  let scope: string;
  let makeCode: string;

  beforeAll(async () => {
    w = await createWorld();
    const { maker, model } = await makeAndModel();
    makeCode = maker.code;
    // Three more cars of the world's dealership: the search below is scoped to it (the database is shared).
    for (const [fuel, price] of [
      ["DIESEL", 1_000_000],
      ["PETROL", 2_000_000],
      ["ELECTRIC", 3_000_000],
    ] as const) {
      await publishedPosting({
        userId: w.owner.id,
        dealershipId: w.dealer.id,
        manufacturerId: maker.id,
        baseModelId: model.id,
        fuel,
        price,
        searchPrice: price,
      });
    }
    scope = `dealerCode=${w.dealer.code}`;
    before = await tableState();
  });

  it("answers every search parameter's payloads exactly as a nonsense value (search and count-by)", async () => {
    const summary = async (path: string) => {
      const res = await get(path);
      const text = await res.text();
      return `${res.status} ${res.status === 200 ? text.replace(/"(updatedAt|publishedAt|viewedAt)":"[^"]*"/g, "") : text}`;
    };
    const unscoped = new Set(["dealerCode"]);
    const wrong: string[] = [];
    let checked = 0;
    for (const param of searchParams) {
      const base = unscoped.has(param) ? `model=${makeCode}` : scope;
      const expected = await summary(`${api}/marketplace/search?${base}&${param}=${nonsense}`);
      expect(expected.startsWith("200 "), `${param}: ${expected.slice(0, 200)}`).toBe(true);
      for (const payload of payloads) {
        const got = await summary(`${api}/marketplace/search?${base}&${param}=${encodeURIComponent(payload)}`);
        checked++;
        if (got !== expected)
          wrong.push(`search ${param}=${payload}: ${got.slice(0, 200)} (nonsense: ${expected.slice(0, 200)})`);
      }
    }
    // The scoped search really is the dealership's four cars (the world's posting and the three above):
    // the comparisons above are not of two empty lists.
    const all = (await (await get(`${api}/marketplace/search?${scope}`)).json()) as { total: number };
    expect(all.total).toBe(4);
    // count-by: every parameter carrying the payload at once, per facet.
    for (const facet of facetNames) {
      const expected = await summary(
        `${api}/marketplace/count-by/${facet}?${scope}&${searchParams
          .filter((p) => p !== "dealerCode")
          .map((p) => `${p}=${nonsense}`)
          .join("&")}`,
      );
      for (const payload of payloads) {
        const got = await summary(
          `${api}/marketplace/count-by/${facet}?${scope}&${searchParams
            .filter((p) => p !== "dealerCode")
            .map((p) => `${p}=${encodeURIComponent(payload)}`)
            .join("&")}`,
        );
        checked++;
        if (got !== expected) wrong.push(`count-by/${facet} with ${payload}: ${got.slice(0, 200)}`);
      }
    }
    for (const payload of payloads) {
      const res = await get(
        `${api}/marketplace/similar-vehicles/${w.posting.code}?dealerCode=${encodeURIComponent(payload)}`,
      );
      checked++;
      if (res.status !== 200) wrong.push(`similar-vehicles dealerCode=${payload}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(searchParams.length * payloads.length + facetNames.length * payloads.length + payloads.length);
  }, 120_000);

  it("treats payloads and LIKE wildcards in the stock and admin text searches as plain text", async () => {
    const listed = await newListedSalesperson(w.dealer.id);
    // [path with {q}, who asks, a term that must find the world's own row, what that row shows]
    const searches: [string, string, string, string][] = [
      [`${api}/draft?q={q}`, w.people.owner.cookie, w.posting.code, w.posting.code],
      [`${api}/dealer/stock.csv?q={q}`, w.people.owner.cookie, w.posting.code, w.posting.code],
      [`${api}/dealer?q={q}`, w.people.admin.cookie, w.dealer.code, w.dealer.code],
      [`${api}/admin/salespeople?q={q}`, w.people.admin.cookie, listed.phoneNumber.slice(4), listed.phoneNumber],
      [`${api}/admin/users?q={q}`, w.people.admin.cookie, w.owner.email ?? "", w.owner.email ?? ""],
      [`${api}/posting-review?q={q}`, w.people.editor.cookie, w.posting.code, w.posting.code],
      [`${api}/audit-log?actor={q}`, w.people.admin.cookie, "", ""],
    ];
    const wrong: string[] = [];
    for (const [template, cookie, term, shows] of searches) {
      const ask = async (q: string) => {
        const res = await get(template.replace("{q}", encodeURIComponent(q)), cookie);
        return { status: res.status, text: await res.text() };
      };
      if (term) {
        const found = await ask(term);
        expect(found.status, template).toBe(200);
        expect(found.text, `${template} finds its own row by ${term}`).toContain(shows);
      }
      const expected = await ask(nonsense);
      expect(expected.status, template).toBe(200);
      for (const payload of payloads) {
        const got = await ask(payload);
        if (got.status !== 200 || got.text !== expected.text)
          wrong.push(`${template} q=${payload}: ${got.status} ${got.text.slice(0, 160)}`);
        if (shows && got.text.includes(shows)) wrong.push(`${template} q=${payload} matched the row of ${shows}`);
      }
    }
    // The audit log's entity is a name, matched exactly: "_" (a well-formed name) finds only entries of
    // an entity called "_" (none), never every entity as a LIKE wildcard would; the rest are dropped.
    const credited = await call(`${api}/dealer/${w.dealer.code}/credit-days`, {
      method: "POST",
      headers: { cookie: w.people.admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(credited.status).toBe(201);
    const audited = (await (await get(`${api}/audit-log`, w.people.admin.cookie)).json()) as {
      entries: { entity: string }[];
    };
    expect(audited.entries.length).toBeGreaterThan(0);
    for (const payload of payloads) {
      const res = await get(`${api}/audit-log?entity=${encodeURIComponent(payload)}`, w.people.admin.cookie);
      const body = (await res.json()) as { entries?: { entity: string }[] };
      if (res.status !== 200 || !body.entries) wrong.push(`audit-log entity=${payload}: ${res.status}`);
      else if (/^[a-z0-9_.-]{1,60}$/.test(payload) && body.entries.some((e) => e.entity !== payload))
        wrong.push(`audit-log entity=${payload} matched other entities`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("leaves every table and every posting in place", async () => {
    expect(await tableState()).toEqual(before);
  });
});
