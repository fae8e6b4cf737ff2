import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { postings } from "~/db/schema/postings";
import { runDailyJobs } from "~/services/scheduled.server";
import { env } from "cloudflare:workers";
import { call, db, dealerUser, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Body = { message: string; statusCode: number; fieldErrors: { field: string; kind: string; message: string }[] };
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  call(`/internal-api/v1${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let vinCounter = 0;
/** A valid, unique 17-character VIN (no I, O, Q). */
const vinBase = Date.now() % 800_000;
const vin = () => `TMBJJ7NE8J${String(100_000 + ((vinBase + vinCounter++) % 900_000)).padStart(7, "0")}`;

async function completeDraft(cookie: string, values: Record<string, unknown> = {}) {
  const { maker, model } = await makeAndModel();
  const created = await send("POST", "/draft", cookie, { vin: vin(), hiddenVin: false, isPartialVin: false });
  expect(created.status).toBe(201);
  const { code } = (await created.json()) as { id: number; code: string };
  const saved = await send("POST", `/draft/${code}`, cookie, {
    manufacturer: maker.code,
    model: model.code,
    modelYear: 2019,
    odometerKm: 85000,
    fuel: "DIESEL",
    priceType: "NORMAL",
    price: 1_249_050,
    contactRegion: "LJUBLJANA",
    equipment: ["INNER_HEATED_SEATS", "PARK_CAMERA"],
    ...values,
  });
  expect(saved.status).toBe(200);
  return code;
}

describe("drafts", () => {
  it("creates a draft from a VIN, saves steps (cents as sent, equipment) and publishes it into search", async () => {
    // A dealership's draft: financing offers are dealer-only (issue 23).
    const seller = await dealerUser();
    const code = await completeDraft(seller.cookie, {
      description: "Lepo ohranjen.",
      financingOffers: [{ downPayment: 200_000, monthlyPayment: 22_990, months: 48, total: 1_303_520 }],
    });
    const draft = (await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as {
      price: number;
      equipment: string[];
      status: string;
      financingOffers: { monthlyPayment: number }[];
    };
    expect(draft).toMatchObject({
      price: 1_249_050,
      status: "DRAFT",
      equipment: ["INNER_HEATED_SEATS", "PARK_CAMERA"],
    });
    expect(draft.financingOffers[0]?.monthlyPayment).toBe(22_990);
    const row = await db()
      .select({ price: postings.price, searchPrice: postings.searchPrice })
      .from(postings)
      .where(eq(postings.code, code))
      .get();
    expect(row).toEqual({ price: 1249050, searchPrice: 1249050 });

    const published = await send("POST", `/draft/${code}/publish`, seller.cookie);
    expect(published.status).toBe(200);
    const after = await db()
      .select({ status: postings.status, expiresAt: postings.expiresAt })
      .from(postings)
      .where(eq(postings.code, code))
      .get();
    expect(after?.status).toBe("PUBLISHED");
    const days = (new Date(after?.expiresAt ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(appConfig.limits.postingLifetimeDays);
    expect((await call(`/internal-api/v1/postings/${code}`)).status).toBe(200);
  });

  it("refuses a bad VIN and an empty start with Slovenian field errors", async () => {
    const seller = await signedInUser();
    const bad = await send("POST", "/draft", seller.cookie, {
      vin: "WVW-ZZZ-1KZ-8W-OO1",
      hiddenVin: false,
      isPartialVin: false,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).fieldErrors[0]).toMatchObject({
      field: "vin",
      message: "Številka šasije ni veljavna.",
    });
    const empty = await send("POST", "/draft", seller.cookie, {});
    expect(((await empty.json()) as Body).fieldErrors[0]?.message).toBe(
      "Vnesite številko šasije ali izberite znamko in model.",
    );
    const number = await send("POST", "/draft", seller.cookie, { vin: vin(), isPartialVin: false });
    const { code } = (await number.json()) as { code: string };
    const wrongType = await send("POST", `/draft/${code}`, seller.cookie, {
      odometerKm: 12.5,
      firstRegistration: "2019-13",
    });
    expect(wrongType.status).toBe(400);
    const fields = ((await wrongType.json()) as Body).fieldErrors.map((f) => [f.field, f.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ["odometerKm", "Vnesite celo število."],
        ["firstRegistration", "Vnesite mesec in leto (MM/LLLL)."],
      ]),
    );
  });

  it("lists what is missing before publishing, as MISSING field errors", async () => {
    const seller = await signedInUser();
    const { code } = (await (await send("POST", "/draft", seller.cookie, { vin: vin() })).json()) as { code: string };
    const res = await send("POST", `/draft/${code}/publish`, seller.cookie);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Body;
    expect(body.fieldErrors.map((f) => f.field)).toEqual(
      expect.arrayContaining(["manufacturer", "model", "odometerKm", "fuel", "price", "contactRegion"]),
    );
    expect(body.fieldErrors.every((f) => f.kind === "MISSING")).toBe(true);
  });

  it("answers 409 for a VIN already in one of the user's published postings", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie);
    await send("POST", `/draft/${code}/publish`, seller.cookie);
    const theVin = (await db().select({ vin: postings.vin }).from(postings).where(eq(postings.code, code)).get())?.vin;
    const again = await send("POST", "/draft", seller.cookie, { vin: theVin, hiddenVin: false, isPartialVin: false });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Body).message).toBe("Vozilo s to številko šasije že imate objavljeno.");
    // Another seller may list the same car.
    const other = await signedInUser();
    expect((await send("POST", "/draft", other.cookie, { vin: theVin })).status).toBe(201);
  });

  it("keeps drafts to their owner: 401 signed out, 403 for another user, on every call", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie);
    const other = await signedInUser();
    expect((await call(`/internal-api/v1/draft/${code}`)).status).toBe(401);
    for (const [method, path, body] of [
      ["GET", `/draft/${code}`, undefined],
      ["POST", `/draft/${code}`, { price: 1 }],
      ["POST", `/draft/${code}/publish`, undefined],
      ["DELETE", `/draft/${code}`, undefined],
      ["POST", `/postings/${code}/status`, { status: "SOLD" }],
    ] as const) {
      const res = await send(method, path, other.cookie, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const row = await db().select({ price: postings.price }).from(postings).where(eq(postings.code, code)).get();
    expect(row?.price).toBe(1249050);
  });

  it("moves through the allowed states and refuses the rest with 409", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie);
    const status = (s: string) => send("POST", `/postings/${code}/status`, seller.cookie, { status: s });
    expect((await status("PUBLISHED")).status).toBe(409);
    await send("POST", `/draft/${code}/publish`, seller.cookie);
    expect((await status("SOLD")).status).toBe(200);
    expect((await call(`/internal-api/v1/postings/${code}`)).status).toBe(410);
    expect((await status("PUBLISHED")).status).toBe(200);
    expect((await status("REMOVED")).status).toBe(200);
    const refused = await status("DRAFT");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Body).message).toBe(
      "Oglasa ni mogoče prestaviti iz stanja neaktiven v stanje osnutek.",
    );
    expect((await send("DELETE", `/draft/${code}`, seller.cookie)).status).toBe(409);
  });

  it("deletes a draft", async () => {
    const seller = await signedInUser();
    const { code } = (await (await send("POST", "/draft", seller.cookie, { vin: vin() })).json()) as { code: string };
    expect((await send("DELETE", `/draft/${code}`, seller.cookie)).status).toBe(204);
    expect((await send("GET", `/draft/${code}`, seller.cookie)).status).toBe(404);
  });

  it("caps a private seller's active postings and says how to get more", async () => {
    const seller = await signedInUser();
    for (let i = 0; i < appConfig.limits.activePostingsPrivateUser; i++)
      await publishedPosting({ userId: seller.user.id });
    const code = await completeDraft(seller.cookie);
    const res = await send("POST", `/draft/${code}/publish`, seller.cookie);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).message).toContain("registrirajte kot trgovec");
    const mine = (await (await send("GET", "/draft", seller.cookie)).json()) as {
      cap: { active: number; max: number };
      postings: { code: string; status: string }[];
    };
    expect(mine.cap).toEqual({
      active: appConfig.limits.activePostingsPrivateUser,
      max: appConfig.limits.activePostingsPrivateUser,
    });
    expect(mine.postings.find((p) => p.code === code)?.status).toBe("DRAFT");
    const drafts = (await (await send("GET", "/draft?status=DRAFT", seller.cookie)).json()) as {
      postings: { status: string }[];
    };
    expect(drafts.postings.every((p) => p.status === "DRAFT")).toBe(true);
  });

  it("expires published postings past their time in the daily job", async () => {
    const old = await publishedPosting({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const result = await runDailyJobs(env);
    expect(result.postingsExpired).toBeGreaterThanOrEqual(1);
    const row = await db().select({ status: postings.status }).from(postings).where(eq(postings.id, old.id)).get();
    expect(row?.status).toBe("EXPIRED");
  });
});

describe("drafts per user", () => {
  it("a private seller's draft over the cap is refused with 409 in Slovenian; deleting one makes room", async () => {
    const seller = await signedInUser();
    const now = new Date().toISOString();
    const rows = Array.from({ length: appConfig.limits.draftsPerUser.private }, (_, i) => ({
      code: `DC${Date.now().toString(36)}${i}`.toUpperCase().slice(0, 16),
      userId: seller.user.id,
      status: "DRAFT" as const,
      createdAt: now,
      updatedAt: now,
    }));
    const [first, ...rest] = rows.map((row) => db().insert(postings).values(row));
    if (first) await db().batch([first, ...rest]);
    const refused = await send("POST", "/draft", seller.cookie, { vin: vin(), hiddenVin: false, isPartialVin: false });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Body).message).toBe(
      `Imate že ${appConfig.limits.draftsPerUser.private} osnutkov. Dokončajte ali izbrišite katerega od njih, nato začnite novega.`,
    );
    expect((await send("DELETE", `/draft/${rows[0]?.code}`, seller.cookie)).status).toBeLessThan(300);
    expect(
      (await send("POST", "/draft", seller.cookie, { vin: vin(), hiddenVin: false, isPartialVin: false })).status,
    ).toBe(201);
  });
});
