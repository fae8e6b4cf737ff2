import { describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import { postingViewsDaily } from "~/db/schema/engagement";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { addDays } from "~/domain/views-series";
import { call, db, makeAndModel, publishedPosting, signedInUser, unique } from "./fixtures";

type Stock = {
  total: number;
  page: number;
  size: number;
  counts: Record<string, number>;
  postings: {
    code: string;
    status: string;
    title: string;
    vin: string | null;
    views: number;
    daysOnline: number | null;
    featured: boolean;
    featuredDaysLeft: number | null;
    salesperson: { name: string } | null;
  }[];
};
const get = (path: string, cookie?: string) => call(`/internal-api/v1${path}`, { headers: cookie ? { cookie } : {} });
const stock = async (query: string, cookie: string) => {
  const res = await get(`/draft?includeDealership=true&${query}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as Stock;
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
/**
 * Midday (UTC) of the Ljubljana calendar day `n` days before today: days online count calendar days
 * in Ljubljana, so "n × 24 h ago" would be a day off across a change of summer time late in the evening.
 */
const calendarDaysAgo = (n: number) => {
  const today = ljubljanaDay(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString();
};

/** Two dealerships, each with a head; A has a varied stock, B one posting. */
async function twoDealerships() {
  const tag = unique().slice(-6);
  const [a] = await db()
    .insert(dealerships)
    .values({ name: `A ${tag}`, code: `a-${tag}` })
    .returning();
  const [b] = await db()
    .insert(dealerships)
    .values({ name: `B ${tag}`, code: `b-${tag}` })
    .returning();
  if (!a || !b) throw new Error("dealerships not inserted");
  const headA = await signedInUser({ dealershipId: a.id, dealershipRole: "HEAD" });
  const sellerA = await signedInUser({
    dealershipId: a.id,
    dealershipRole: "SALESPERSON",
    firstName: "Sara",
    lastName: "Vidmar",
  });
  const headB = await signedInUser({ dealershipId: b.id, dealershipRole: "HEAD" });
  const { maker, model } = await makeAndModel(`Škoda ${tag}`);
  const octavia = await publishedPosting({
    userId: headA.user.id,
    dealershipId: a.id,
    manufacturerId: maker.id,
    baseModelId: model.id,
    vin: `TMBJJ7NE8J${tag.toUpperCase().padEnd(7, "0").slice(0, 7)}`,
    searchPrice: 900_000,
    price: 900_000,
    viewsTotal: 40,
    publishedAt: calendarDaysAgo(12),
    salespersonUserId: sellerA.user.id,
  });
  const cheap = await publishedPosting({
    userId: headA.user.id,
    dealershipId: a.id,
    searchPrice: 450_000,
    price: 450_000,
    viewsTotal: 3,
    featuredUntil: daysAgo(-5),
  });
  const sold = await publishedPosting({
    userId: sellerA.user.id,
    dealershipId: a.id,
    status: "SOLD",
    searchPrice: 1_500_000,
    price: 1_500_000,
    viewsTotal: 90,
    publishedAt: calendarDaysAgo(40),
    soldAt: calendarDaysAgo(10),
  });
  const other = await publishedPosting({ userId: headB.user.id, dealershipId: b.id, viewsTotal: 500 });
  return { a, b, headA, sellerA, headB, octavia, cheap, sold, other, maker };
}

describe("GET draft?includeDealership=true (the stock dashboard)", () => {
  it("lists only the member's dealership, with counts per status and featured, days online and the salesperson", async () => {
    const t = await twoDealerships();
    const all = await stock("", t.sellerA.cookie);
    expect(all.total).toBe(3);
    expect(all.postings.map((p) => p.code).sort()).toEqual([t.octavia.code, t.cheap.code, t.sold.code].sort());
    expect(all.counts).toMatchObject({ PUBLISHED: 2, SOLD: 1, FEATURED: 1 });
    const octavia = all.postings.find((p) => p.code === t.octavia.code);
    expect(octavia).toMatchObject({ daysOnline: 12, salesperson: { name: "Sara Vidmar" }, featured: false });
    expect(all.postings.find((p) => p.code === t.sold.code)?.daysOnline).toBe(30);
    expect(all.postings.find((p) => p.code === t.cheap.code)).toMatchObject({ featured: true, featuredDaysLeft: 5 });
    expect((await stock("", t.headB.cookie)).postings.map((p) => p.code)).toEqual([t.other.code]);
  });

  it("filters by status and featured, searches make, VIN and code, sorts and pages", async () => {
    const t = await twoDealerships();
    expect((await stock("status=SOLD", t.headA.cookie)).postings.map((p) => p.code)).toEqual([t.sold.code]);
    expect((await stock("featured=true", t.headA.cookie)).postings.map((p) => p.code)).toEqual([t.cheap.code]);
    expect(
      (await stock(`q=${encodeURIComponent(t.maker.name.slice(0, 9))}`, t.headA.cookie)).postings.map((p) => p.code),
    ).toEqual([t.octavia.code]);
    expect((await stock(`q=${t.octavia.vin?.slice(-7)}`, t.headA.cookie)).postings.map((p) => p.code)).toEqual([
      t.octavia.code,
    ]);
    expect((await stock(`q=${t.sold.code.toLowerCase()}`, t.headA.cookie)).postings.map((p) => p.code)).toEqual([
      t.sold.code,
    ]);
    // LIKE wildcards typed by the user are literal characters, not "match anything".
    expect((await stock("q=%25", t.headA.cookie)).total).toBe(0);
    expect((await stock("sort=price-asc", t.headA.cookie)).postings.map((p) => p.code)).toEqual([
      t.cheap.code,
      t.octavia.code,
      t.sold.code,
    ]);
    expect((await stock("sort=views", t.headA.cookie)).postings.map((p) => p.code)).toEqual([
      t.sold.code,
      t.octavia.code,
      t.cheap.code,
    ]);
    const page2 = await stock("sort=price-desc&size=2&page=2", t.headA.cookie);
    expect(page2).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page2.postings.map((p) => p.code)).toEqual([t.cheap.code]);
    // Nonsense parameters fall back to the defaults instead of failing.
    expect((await stock("sort=drop&page=-4&size=9999", t.headA.cookie)).total).toBe(3);
    // The stock screen's page sizes (20, 50, 100): at most 100 a page, anything above falls back to 20.
    expect((await stock("size=100", t.headA.cookie)).size).toBe(100);
    expect((await stock("size=101", t.headA.cookie)).size).toBe(20);
    expect((await stock("size=9999", t.headA.cookie)).size).toBe(20);
  });
});

describe("GET dealer/statistics", () => {
  it("sums the views of the dealership's postings per day over the last 30 days, nobody else's", async () => {
    const t = await twoDealerships();
    const today = ljubljanaDay(new Date());
    const yesterday = addDays(today, -1);
    await db()
      .insert(postingViewsDaily)
      .values([
        { postingId: t.octavia.id, day: today, views: 4 },
        { postingId: t.cheap.id, day: today, views: 2 },
        { postingId: t.sold.id, day: yesterday, views: 7 },
        { postingId: t.octavia.id, day: addDays(today, -45), views: 100 },
        { postingId: t.other.id, day: today, views: 50 },
      ]);
    const res = await get("/dealer/statistics", t.sellerA.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total: number; days: { day: string; views: number }[] };
    expect(body.total).toBe(133);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toEqual({ day: today, views: 6 });
    expect(body.days.at(-2)).toEqual({ day: yesterday, views: 7 });
    expect(body.days.reduce((s, d) => s + d.views, 0)).toBe(13);
  });

  it("keeps one posting's statistics inside its dealership: a member of another dealership gets 403", async () => {
    const t = await twoDealerships();
    expect((await get(`/postings/${t.octavia.code}/statistics`, t.sellerA.cookie)).status).toBe(200);
    expect((await get(`/postings/${t.octavia.code}/statistics`, t.headB.cookie)).status).toBe(403);
  });

  it("is for dealership members: 401 signed out, 403 for a private user", async () => {
    expect((await get("/dealer/statistics")).status).toBe(401);
    const buyer = await signedInUser();
    const res = await get("/dealer/statistics", buyer.cookie);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("Zaloga je na voljo le članom poslovne enote.");
  });
});

describe("GET dealer/stock.csv", () => {
  it("exports the filtered stock as a Slovenian spreadsheet, only the member's own dealership", async () => {
    const t = await twoDealerships();
    const res = await get("/dealer/stock.csv?status=PUBLISHED&sort=price-asc", t.headA.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Named after today in Slovenia (UTC is still on the previous day around local midnight).
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="zaloga-${ljubljanaDay(new Date())}.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte order mark, so Excel shows č, š and ž.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Šifra;Vozilo;Letnik;VIN;Stanje;Cena (EUR);Ocena cene;Objavljeno;Dni na spletu;Ogledi;Izpostavljeno do;Svetovalec;Povezava",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith(`${t.cheap.code};`)).toBe(true);
    expect(lines[2]).toContain(`${t.octavia.code};`);
    expect(lines[2]).toContain(";9000;");
    expect(lines[2]).toContain(";Sara Vidmar;");
    expect(lines[2]).toMatch(/\/oglas\/\d+$/);
    expect(text).not.toContain(t.other.code);
    expect(text).not.toContain(t.sold.code);
  });

  it("refuses people outside a dealership", async () => {
    expect((await get("/dealer/stock.csv")).status).toBe(401);
    expect((await get("/dealer/stock.csv", (await signedInUser()).cookie)).status).toBe(403);
  });
});
