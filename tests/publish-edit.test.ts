import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { postings } from "~/db/schema/postings";
import { call, db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

// Issue 23, decision 061: the preview before "Oddaj oglas" and the quick edit of price, mileage and description.

type Body = { message: string; fieldErrors: { field: string; kind: string; message: string }[] };
type Search = { results: { code: string; price: number | null }[] };
const send = (method: string, path: string, cookie: string | null, body?: unknown) =>
  call(`/internal-api/v1${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const stored = (code: string) =>
  db()
    .select({
      status: postings.status,
      price: postings.price,
      searchPrice: postings.searchPrice,
      odometerKm: postings.odometerKm,
      views: postings.viewsTotal,
    })
    .from(postings)
    .where(eq(postings.code, code))
    .get();

const unpublished = { status: "DRAFT", publishedAt: null } as const;

/** A seller's draft with what a card shows (make, model, year, km, fuel, price). */
async function sellersDraft() {
  const seller = await signedInUser();
  const { maker, model } = await makeAndModel();
  const vehicle = { manufacturerId: maker.id, baseModelId: model.id, fuel: "DIESEL", powerKw: 110 } as const;
  const draft = await publishedPosting({ userId: seller.user.id, ...unpublished, ...vehicle });
  return { seller, maker, draft };
}

describe("the preview of a draft (GET draft/{code}/preview)", () => {
  it("answers the seller the posting page and the search card as buyers will see them, counting no view", async () => {
    const { seller, maker, draft } = await sellersDraft();
    const res = await send("GET", `/draft/${draft.code}/preview`, seller.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      posting: { postId: number; status: string; price: number; manufacturerName: string };
      card: { postId: number; price: number; year: number; mileage: number; fuel: string; powerKw: number };
    };
    expect(body.posting).toMatchObject({
      postId: draft.id,
      status: "DRAFT",
      price: 1_234_500,
      manufacturerName: maker.name,
    });
    expect(body.card).toMatchObject({
      postId: draft.id,
      price: 1_234_500,
      year: 2019,
      mileage: 85_000,
      fuel: "DIESEL",
      powerKw: 110,
    });
    expect((await stored(draft.code))?.views).toBe(0);
  });

  it("refuses another user's draft (403, nothing of it in the answer) and a signed-out caller (401)", async () => {
    const { draft } = await sellersDraft();
    const stranger = await signedInUser();
    const byId = await send("GET", `/draft/${draft.id}/preview`, stranger.cookie);
    expect(byId.status).toBe(403);
    const text = await byId.text();
    expect(text).toContain("Nimate dostopa do tega oglasa.");
    expect(text).not.toContain("1234500");
    expect((await send("GET", `/draft/${draft.code}/preview`, stranger.cookie)).status).toBe(403);
    expect((await send("GET", `/draft/${draft.code}/preview`, null)).status).toBe(401);
    expect((await send("GET", "/draft/999999999/preview", stranger.cookie)).status).toBe(404);
  });
});

describe("the quick edit of a published posting (POST draft/{code} with price, mileage, description)", () => {
  async function sellersPosting() {
    const seller = await signedInUser();
    const { maker } = await makeAndModel();
    const posting = await publishedPosting({ userId: seller.user.id, manufacturerId: maker.id });
    return { seller, maker, posting };
  }

  it("refuses another user's posting by id and by code: 403, the price stays", async () => {
    const { posting } = await sellersPosting();
    const stranger = await signedInUser();
    for (const key of [String(posting.id), posting.code]) {
      const res = await send("POST", `/draft/${key}`, stranger.cookie, { price: 100, odometerKm: 1 });
      expect(res.status).toBe(403);
    }
    expect(await stored(posting.code)).toMatchObject({ price: 1_234_500, odometerKm: 85_000, status: "PUBLISHED" });
  });

  it("refuses a forged price string, a fraction of a kilometre and a cleared price with Slovenian field errors", async () => {
    const { seller, posting } = await sellersPosting();
    const forged = await send("POST", `/draft/${posting.code}`, seller.cookie, { price: "12.500 €", odometerKm: 12.5 });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as Body).fieldErrors.map((f) => [f.field, f.message])).toEqual(
      expect.arrayContaining([
        ["price", "Vnesite znesek v evrih, npr. 12.500 ali 12.500,50."],
        ["odometerKm", "Vnesite celo število."],
      ]),
    );
    const negative = await send("POST", `/draft/${posting.code}`, seller.cookie, { price: -100 });
    expect(((await negative.json()) as Body).fieldErrors[0]).toMatchObject({
      field: "price",
      message: "Znesek ne sme biti negativen.",
    });
    // A published posting keeps what publishing needed: clearing its price or mileage is refused as on publish.
    const cleared = await send("POST", `/draft/${posting.code}`, seller.cookie, {
      price: null,
      odometerKm: null,
      description: "Nov opis",
    });
    expect(cleared.status).toBe(400);
    expect(((await cleared.json()) as Body).fieldErrors).toEqual([
      { field: "odometerKm", kind: "MISSING", message: "Vnesite prevožene kilometre." },
      { field: "price", kind: "MISSING", message: "Vnesite ceno." },
    ]);
    expect(await stored(posting.code)).toMatchObject({ price: 1_234_500, odometerKm: 85_000, status: "PUBLISHED" });
    // A draft may still be saved half-filled (the wizard saves field by field).
    const { seller: other, draft } = await sellersDraft();
    expect((await send("POST", `/draft/${draft.code}`, other.cookie, { price: null })).status).toBe(200);
  });

  it("saves price, mileage and description in one call: still published, and search shows the new price", async () => {
    const { seller, maker, posting } = await sellersPosting();
    const res = await send("POST", `/draft/${posting.code}`, seller.cookie, {
      price: 1_190_000,
      odometerKm: 86_500,
      description: "Servisiran, nove zimske gume.",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "PUBLISHED", price: 1_190_000, odometerKm: 86_500 });
    expect(await stored(posting.code)).toMatchObject({
      status: "PUBLISHED",
      price: 1_190_000,
      searchPrice: 1_190_000,
      odometerKm: 86_500,
    });
    const search = (await (await send("GET", `/marketplace/search?model=${maker.code}`, null)).json()) as Search;
    expect(search.results).toEqual([expect.objectContaining({ code: posting.code, price: 1_190_000 })]);
    const page = (await (await send("GET", `/postings/${posting.code}`, null)).json()) as { description: string };
    expect(page.description).toBe("Servisiran, nove zimske gume.");
  });

  it("a parallel double save ends in one consistent published posting", async () => {
    const { seller, posting } = await sellersPosting();
    const body = { price: 999_900, odometerKm: 90_000, description: "Dvojni dotik" };
    const answers = await Promise.all([1, 2].map(() => send("POST", `/draft/${posting.code}`, seller.cookie, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await stored(posting.code)).toMatchObject({
      status: "PUBLISHED",
      price: 999_900,
      searchPrice: 999_900,
      odometerKm: 90_000,
    });
  });

  it("a signed-out visitor's cached search shows the new price right after the save", async () => {
    const cacheOn = { ...env, RESPONSE_CACHE: "on" };
    const cached = (path: string, init: RequestInit = {}) =>
      app.request(`http://localhost/internal-api/v1${path}`, init, cacheOn);
    const { seller, maker, posting } = await sellersPosting();
    const path = `/marketplace/search?model=${maker.code}`;
    await cached(path);
    expect((await cached(path)).headers.get("x-cache")).toBe("HIT");
    const saved = await cached(`/draft/${posting.code}`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ price: 1_111_100 }),
    });
    expect(saved.status).toBe(200);
    const after = await cached(path);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(((await after.json()) as Search).results[0]?.price).toBe(1_111_100);
  });
});
