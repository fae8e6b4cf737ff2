import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vehicleCostPrices } from "~/db/schema/catalogue";
import { leasingClicks, postingViewsDaily } from "~/db/schema/engagement";
import { postingDetails, postingEquipment, postingFiles, type postings } from "~/db/schema/postings";
import type { PostingDetail } from "~/domain/posting-detail";
import { call, db, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

async function richPosting(values: Partial<typeof postings.$inferInsert> = {}) {
  const { maker, model } = await makeAndModel("Škoda");
  const row = await publishedPosting(
    {
      manufacturerId: maker.id,
      baseModelId: model.id,
      trimName: "2.0 TDI Style",
      priceType: "SPECIAL_OFFER",
      price: 2_199_000,
      specialPrice: 1_899_000,
      fuel: "DIESEL",
      powerKw: 110,
      hiddenVin: true,
      vin: "TMBJJ7NE8J0123456",
      ...values,
    },
    "test/cover.svg",
  );
  await db()
    .insert(postingDetails)
    .values({
      postingId: row.id,
      co2: 119,
      description: "Lepo ohranjen, redno servisiran.",
      financingOffers: [{ downPayment: 500_000, monthlyPayment: 25_000, months: 60, total: 2_000_000 }],
      historyOdometer: [
        { date: "2019-05-01", km: 20_000 },
        { date: "2021-05-01", km: 60_000 },
      ],
      registerCheckedAt: "2026-11-01T10:00:00.000Z",
    });
  await db()
    .insert(postingEquipment)
    .values([{ postingId: row.id, code: "INNER_HEATED_SEATS", kind: "ADDITIONAL" }]);
  await db().insert(postingFiles).values({
    postingId: row.id,
    objectKey: "test/invoice.pdf",
    fileType: "INVOICE",
    mimeType: "application/pdf",
    originalName: "racun.pdf",
  });
  return row;
}

const get = (path: string, cookie?: string) => call(path, { headers: cookie ? { cookie } : {} });

describe("GET postings/{code}", () => {
  it("answers the posting page's data by code or id, with euros, hidden VIN and files split into pictures and documents", async () => {
    const row = await richPosting();
    const res = await get(`/internal-api/v1/postings/${row.code}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as PostingDetail;
    expect(detail).toMatchObject({
      postId: row.id,
      code: row.code,
      manufacturerName: "Škoda",
      modelName: "Model",
      trimName: "2.0 TDI Style",
      price: 2_199_000,
      specialPrice: 1_899_000,
      vin: null,
      hiddenVin: true,
    });
    expect(detail.financingOffers).toEqual([
      {
        downPayment: 500_000,
        monthlyPayment: 25_000,
        months: 60,
        total: 2_000_000,
        annualRateBasisPoints: null,
        financedAmount: null,
      },
    ]);
    expect(detail.vehicle.co2).toBe(119);
    expect(detail.pictures.map((p) => p.url)).toEqual(["/media/test/cover.svg"]);
    expect(detail.documents).toMatchObject([
      // Buyers read a document by its type and date, never its file name (issue 23).
      { url: "/media/test/invoice.pdf", mimeType: "application/pdf", name: null },
    ]);
    expect(detail.equipment).toEqual([
      { code: "INNER_HEATED_SEATS", kind: "ADDITIONAL", packageName: null, descriptor: null },
    ]);
    expect(detail.register?.stolen).toBe(false);
    expect(detail.seller.type).toBe("person");
    expect(detail.viewerCanEdit).toBe(false);
    const byId = (await (await get(`/internal-api/v1/postings/${row.id}`)).json()) as PostingDetail;
    expect(byId.code).toBe(row.code);
  });

  it("counts each public view for the day and in the total, but not the seller's own", async () => {
    const owner = await signedInUser();
    const row = await richPosting({ userId: owner.user.id });
    await get(`/internal-api/v1/postings/${row.code}`);
    await get(`/internal-api/v1/postings/${row.code}`);
    await get(`/internal-api/v1/postings/${row.code}`, owner.cookie);
    const daily = await db().select().from(postingViewsDaily).where(eq(postingViewsDaily.postingId, row.id)).all();
    expect(daily.reduce((s, d) => s + d.views, 0)).toBe(2);
    expect(daily[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const stats = await get(`/internal-api/v1/postings/${row.code}/statistics`, owner.cookie);
    expect(stats.status).toBe(200);
    const body = (await stats.json()) as { code: string; total: number; days: { day: string; views: number }[] };
    expect(body).toMatchObject({ code: row.code, total: 2 });
    // Thirty days ending today, zeros included, so the chart's axis is time.
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toEqual({ day: daily[0]?.day, views: 2 });
    expect(body.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
  });

  it("keeps statistics to the seller: 401 signed out, 403 for another user", async () => {
    const row = await richPosting();
    expect((await get(`/internal-api/v1/postings/${row.code}/statistics`)).status).toBe(401);
    const other = await signedInUser();
    const res = await get(`/internal-api/v1/postings/${row.code}/statistics`, other.cookie);
    expect(res.status).toBe(403);
  });

  it("answers 404 for unknown postings and other people's drafts, 410 for sold, expired and removed ones", async () => {
    expect((await get("/internal-api/v1/postings/NIOBSTAJA")).status).toBe(404);
    const owner = await signedInUser();
    const draft = await richPosting({ status: "DRAFT", userId: owner.user.id });
    expect((await get(`/internal-api/v1/postings/${draft.code}`)).status).toBe(404);
    expect((await get(`/internal-api/v1/postings/${draft.code}`, owner.cookie)).status).toBe(200);
    for (const status of ["SOLD", "EXPIRED", "REMOVED"] as const) {
      const gone = await richPosting({ status, userId: owner.user.id });
      const res = await get(`/internal-api/v1/postings/${gone.code}`);
      expect(res.status).toBe(410);
      expect(((await res.json()) as { message: string }).message).toContain("tako dober");
      // The seller still sees it, marked sold when it is.
      const own = (await (await get(`/internal-api/v1/postings/${gone.code}`, owner.cookie)).json()) as PostingDetail;
      expect(own.sold).toBe(status === "SOLD");
    }
  });

  it("the 410 page can ask for similar vehicles by the posting's id", async () => {
    const { maker, model } = await makeAndModel();
    const gone = await publishedPosting({ status: "SOLD", manufacturerId: maker.id, baseModelId: model.id });
    await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id });
    const res = await get(`/internal-api/v1/marketplace/similar-vehicles/${gone.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(1);
  });

  it("with ?similar=1 answers the page's similar cars (as marketplace/similar-vehicles), never for the wrong people", async () => {
    const { maker, model } = await makeAndModel("Škoda");
    const car = { manufacturerId: maker.id, baseModelId: model.id, modelYear: 2019 };
    const origin = await publishedPosting({ ...car, price: 1_500_000, searchPrice: 1_500_000 });
    const near = await publishedPosting({ ...car, price: 1_550_000, searchPrice: 1_550_000 }, "test/cover.svg");
    await publishedPosting({ ...car, price: 1_600_000, searchPrice: 1_600_000, hidePosting: true });
    const far = await publishedPosting({ ...car, price: 2_900_000, searchPrice: 2_900_000, badgeVerified: true });
    const endpoint = await (await get(`/internal-api/v1/marketplace/similar-vehicles/${origin.code}`)).json();
    for (const key of [origin.code, String(origin.id)]) {
      const res = await get(`/internal-api/v1/postings/${key}?similar=1`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as PostingDetail & { similar: { postId: number; code: string }[] };
      expect(body.code).toBe(origin.code);
      expect(body.similar.map((c) => c.postId)).toEqual([near.id, far.id]);
      expect(body.similar).toEqual(endpoint);
    }
    // Without the flag the answer is the posting alone; a gone or hidden posting answers as before.
    expect(await (await get(`/internal-api/v1/postings/${origin.code}`)).json()).not.toHaveProperty("similar");
    const sold = await publishedPosting({ ...car, status: "SOLD" });
    expect((await get(`/internal-api/v1/postings/${sold.code}?similar=1`)).status).toBe(410);
    const hidden = await publishedPosting({ ...car, hidePosting: true });
    expect((await get(`/internal-api/v1/postings/${hidden.code}?similar=1`)).status).toBe(404);
    // A flag it does not know is ignored (no 500, no cards).
    const odd = await get(`/internal-api/v1/postings/${origin.code}?similar=%27%20OR%201`);
    expect(odd.status).toBe(200);
    expect(await odd.json()).not.toHaveProperty("similar");
  });

  it("rejects a malformed code with a Slovenian field error", async () => {
    const res = await get("/internal-api/v1/postings/%3Cscript%3E");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: { field: string; message: string }[] }).fieldErrors[0]).toMatchObject({
      field: "code",
      message: "Neveljavna oznaka oglasa.",
    });
  });
});

describe("leasing widget and running-cost prices", () => {
  it("counts a leasing click (204) and answers 404 for an unknown posting", async () => {
    const row = await richPosting();
    expect((await call(`/internal-api/v1/leasing-widget/click/${row.code}`, json({}))).status).toBe(204);
    expect((await call(`/internal-api/v1/leasing-widget/click/${row.code}`, json({}))).status).toBe(204);
    const clicks = await db().select().from(leasingClicks).where(eq(leasingClicks.postingId, row.id)).all();
    expect(clicks[0]?.clicks).toBe(2);
    expect((await call("/internal-api/v1/leasing-widget/click/NIOBSTAJA", json({}))).status).toBe(404);
  });

  it("serves the cost prices", async () => {
    await db()
      .insert(vehicleCostPrices)
      .values({ key: "FUEL_DIESEL", label: "Dizel", value: 1.441, unit: "EUR/l" })
      .onConflictDoNothing();
    const prices = (await (await get("/internal-api/v1/vehicle-costs/prices")).json()) as {
      key: string;
      value: number;
    }[];
    // Cents per unit (decision 050): 1,441 EUR/l is 144,1 ct/l.
    expect(prices.find((p) => p.key === "FUEL_DIESEL")).toMatchObject({ value: 144.1, unit: "ct/l" });
  });
});

describe("GET postings/{code}/download-pdf", () => {
  it("answers an A4 PDF (attachment, or inline for the viewer) and does not count a view", async () => {
    const row = await richPosting();
    const res = await get(`/internal-api/v1/postings/${row.code}/download-pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="avtotrg-${row.code}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(Math.round(doc.getPage(0).getWidth())).toBe(595);
    const inline = await get(`/internal-api/v1/postings/${row.code}/download-pdf?inline=1`);
    expect(inline.headers.get("content-disposition")).toMatch(/^inline;/);
    // Inline, it is shown inside the /pdf page's <object>: same-origin framing only, nothing loaded by it.
    expect(inline.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(inline.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'self'");
    // As a download it sets neither (the Worker's API policy, frame-ancestors 'none' and DENY, applies).
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("content-security-policy")).toBeNull();
    const views = await db().select().from(postingViewsDaily).where(eq(postingViewsDaily.postingId, row.id)).all();
    expect(views).toEqual([]);
  });

  it("makes several sheets at the same time (font subsets must not share the stream polyfill's queue)", async () => {
    const rows = await Promise.all([richPosting(), richPosting(), richPosting()]);
    const responses = await Promise.all(
      [...rows, ...rows].map((r) => get(`/internal-api/v1/postings/${r.code}/download-pdf`)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const r of responses) expect(r.headers.get("content-type")).toBe("application/pdf");
  });

  it("answers 410 for a sold car and 404 for an unknown one, as the page does", async () => {
    const sold = await richPosting({ status: "SOLD" });
    expect((await get(`/internal-api/v1/postings/${sold.code}/download-pdf`)).status).toBe(410);
    expect((await get("/internal-api/v1/postings/NIOBSTAJA/download-pdf")).status).toBe(404);
  });
});

describe("GET dealership/{code}", () => {
  it("answers the public page's data with counts of published postings, and 404 without a code", async () => {
    const { dealerships } = await import("~/db/schema/dealerships");
    const code = `trg-${Date.now().toString(36)}`;
    const [dealer] = await db()
      .insert(dealerships)
      .values({
        code,
        name: "Avto d.o.o.",
        publicName: "Avto Center",
        city: "Celje",
        weekdayFrom: "08:00",
        weekdayTo: "18:00",
        taxNumber: "SI12345678",
      })
      .returning();
    await publishedPosting({ dealershipId: dealer!.id, viewsTotal: 7 });
    await publishedPosting({ dealershipId: dealer!.id, status: "SOLD", viewsTotal: 100 });
    const res = await get(`/internal-api/v1/dealership/${code}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      code,
      name: "Avto Center",
      city: "Celje",
      publishedPostings: 1,
      views: 7,
      hours: { weekdays: { from: "08:00", to: "18:00" }, saturday: null },
    });
    expect(JSON.stringify(body)).not.toContain("SI12345678");
    expect((await get("/internal-api/v1/dealership/ni-ga")).status).toBe(404);
  });
});
