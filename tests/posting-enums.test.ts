// Issue 21: enumerated fields accept only their enumerations, on create and on update; equipment items carry
// their kind (serial, additional, package; decision 051). Each test sends what an attacker or a broken client
// would and fails if garbage is stored or answered with anything but a 400 with fieldErrors.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postingEquipment, postings } from "~/db/schema/postings";
import { call, db, dealerUser, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Body = { message: string; statusCode: number; fieldErrors: { field: string; kind: string; message: string }[] };
type Item = { code: string; kind: string; packageName: string | null };
type Draft = Record<string, unknown> & { code: string; equipment: string[]; equipmentItems: Item[] };
const api = "/internal-api/v1";
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  call(`${api}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Every enumerated field of the wizard (spec section 3): a value of its list, the stored form, and garbage. */
const enumFields: { field: string; valid: unknown; stored?: unknown; garbage: unknown[] }[] = [
  { field: "condition", valid: "USED", garbage: ["OLD", "used", 3] },
  { field: "damage", valid: "UNDAMAGED", garbage: ["MALFUNCTIONING", "undamaged", true] },
  { field: "fuel", valid: "DIESEL", garbage: ["NAFTA", "diesel", 1] },
  { field: "transmission", valid: "A", garbage: ["AUTOMATIC", "a", {}] },
  { field: "driveWheels", valid: "BOTH", garbage: ["AWD", "4x4", 2] },
  { field: "bodyType", valid: "SUV", garbage: ["LIMUZINA", "suv", []] },
  { field: "color", valid: "BLUE", garbage: ["PINK", "<b>blue</b>", 0] },
  { field: "interiorColor", valid: "BLACK", garbage: ["CHARCOAL", "black", false] },
  { field: "interiorMaterial", valid: "LEATHER", garbage: ["USNJE", "leather", 9] },
  { field: "roofType", valid: "SUNROOF", garbage: ["PANORAMA", "sunroof", 5] },
  {
    field: "euroStandard",
    valid: "Euro 6d-Temp",
    stored: "6d-Temp",
    garbage: ["Euro 7", "EURO6X", "6f", 6, "x".repeat(30)],
  },
  { field: "firstRegistrationCountry", valid: "de", stored: "DE", garbage: ["Nemčija", "XX", "DEU", 49] },
  { field: "rimsMaterial", valid: "ALU", garbage: ["CARBON", "alu", 1] },
  { field: "priceType", valid: "NEGOTIABLE", garbage: ["FREE", "WITH_RENTAL_OPTIONS", "normal", 7] },
  { field: "contactRegion", valid: "MARIBOR", garbage: ["ZAGREB", "maribor", 1] },
  { field: "arrivalState", valid: "ARRIVING", garbage: ["SOON", "ready", 1] },
  { field: "warrantyType", valid: "FACTORY_WARRANTY", garbage: ["LIFETIME", "factory_warranty", 1] },
];

async function startDraft(cookie: string, body: Record<string, unknown> = {}) {
  const { maker } = await makeAndModel();
  return send("POST", "/draft", cookie, { hiddenVin: false, isPartialVin: false, manufacturer: maker.code, ...body });
}

async function newDraft(cookie: string) {
  const res = await startDraft(cookie);
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

const getDraft = async (cookie: string, code: string) =>
  (await (await send("GET", `/draft/${code}`, cookie)).json()) as Draft;
const draftCount = async (userId: number) =>
  (await db().select({ id: postings.id }).from(postings).where(eq(postings.userId, userId)).all()).length;
const generation = async () =>
  (await env.DB.prepare("SELECT n FROM search_generation WHERE id = 1").first<{ n: number }>())?.n ?? -1;

describe("enumerated fields accept only their enumerations (spec section 3, issue 21)", () => {
  it.each(enumFields)(
    "create: $field garbage is a 400 with a fieldError and no draft; a listed value is stored",
    async ({ field, valid, stored, garbage }) => {
      // A dealership's draft: the arrival state is a dealer-only field (issue 23).
      const seller = await dealerUser();
      for (const value of garbage) {
        const res = await startDraft(seller.cookie, { [field]: value });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        const body = (await res.json()) as Body;
        expect(body.fieldErrors.map((f) => f.field)).toContain(field);
        expect(body.fieldErrors.find((f) => f.field === field)?.message).toMatch(/[čšžČŠŽa-z]/);
      }
      expect(await draftCount(seller.user.id)).toBe(0);
      const ok = await startDraft(seller.cookie, { [field]: valid });
      expect(ok.status).toBe(201);
      const draft = await getDraft(seller.cookie, ((await ok.json()) as { code: string }).code);
      expect(draft[field]).toBe(stored ?? valid);
    },
  );

  it.each(enumFields)(
    "update: $field garbage is a 400 with a fieldError and the stored value stays",
    async ({ field, valid, stored, garbage }) => {
      // A dealership's draft: the arrival state is a dealer-only field (issue 23).
      const seller = await dealerUser();
      const code = await newDraft(seller.cookie);
      expect((await send("POST", `/draft/${code}`, seller.cookie, { [field]: valid })).status).toBe(200);
      for (const value of garbage) {
        // Sent with a valid field beside it: the whole write is refused, not only the bad field.
        const res = await send("POST", `/draft/${code}`, seller.cookie, {
          [field]: value,
          description: `poskus ${field}`,
        });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        const body = (await res.json()) as Body;
        expect(body.statusCode).toBe(400);
        expect(body.fieldErrors.map((f) => f.field)).toContain(field);
      }
      const draft = await getDraft(seller.cookie, code);
      expect(draft[field]).toBe(stored ?? valid);
      expect(draft.description).toBeNull();
    },
  );

  it("update: a rental interval and an equipment kind off their lists are refused the same way", async () => {
    const seller = await signedInUser();
    const code = await newDraft(seller.cookie);
    const rental = await send("POST", `/draft/${code}`, seller.cookie, {
      rentalPrices: [{ price: 300, interval: "HOURLY" }],
    });
    expect(rental.status).toBe(400);
    expect(((await rental.json()) as Body).fieldErrors.map((f) => f.field)).toEqual(["rentalPrices.0.interval"]);
    const kind = await send("POST", `/draft/${code}`, seller.cookie, {
      equipment: [{ code: "SAFETY_ABS", kind: "OPTIONAL" }],
    });
    expect(kind.status).toBe(400);
    expect(((await kind.json()) as Body).fieldErrors.map((f) => f.field)).toEqual(["equipment.0.kind"]);
    const draft = await getDraft(seller.cookie, code);
    expect([draft.rentalPrices, draft.equipment]).toEqual([[], []]);
  });

  it("the posting page's data carries the emission standard as chosen and the country's ISO code (shown by its Slovenian name)", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id, euroStandard: "6d-Temp" });
    expect(
      (await send("POST", `/draft/${posting.code}`, seller.cookie, { firstRegistrationCountry: "AT" })).status,
    ).toBe(200);
    const detail = (await (await call(`${api}/postings/${posting.code}`)).json()) as {
      vehicle: { euroStandard: string; firstRegistrationCountry: string };
    };
    expect([detail.vehicle.euroStandard, detail.vehicle.firstRegistrationCountry]).toEqual(["6d-Temp", "AT"]);
  });
});

describe("equipment: serial, additional or in a package (spec section 3, decision 051)", () => {
  it("a plain list of codes still works and means serial; items with kinds are stored and answered", async () => {
    const seller = await signedInUser();
    const code = await newDraft(seller.cookie);
    const plain = await send("POST", `/draft/${code}`, seller.cookie, { equipment: ["SAFETY_ABS", "PARK_CAMERA"] });
    expect(plain.status).toBe(200);
    const a = (await plain.json()) as Draft;
    expect(a.equipment.sort()).toEqual(["PARK_CAMERA", "SAFETY_ABS"]);
    expect(a.equipmentItems.map((e) => e.kind)).toEqual(["SERIAL", "SERIAL"]);

    const items = [
      { code: "SAFETY_ABS" },
      { code: "INNER_HUD", kind: "ADDITIONAL" },
      { code: "PARK_CAMERA", kind: "PACKAGE", packageName: " Paket  Business " },
      { code: "INNER_KEYLESS", kind: "PACKAGE" },
    ];
    const res = await send("POST", `/draft/${code}`, seller.cookie, { equipment: items });
    expect(res.status).toBe(200);
    const b = (await res.json()) as Draft;
    const byCode = (list: Item[]) => Object.fromEntries(list.map((e) => [e.code, [e.kind, e.packageName]]));
    const expected = {
      SAFETY_ABS: ["SERIAL", null],
      INNER_HUD: ["ADDITIONAL", null],
      PARK_CAMERA: ["PACKAGE", "Paket Business"],
      INNER_KEYLESS: ["PACKAGE", null],
    };
    expect(byCode(b.equipmentItems)).toEqual(expected);
    expect(byCode((await getDraft(seller.cookie, code)).equipmentItems)).toEqual(expected);
  });

  it("a client that sends back only codes loses nothing: each stored item keeps its kind and package, a new code is serial, a left-out code goes", async () => {
    const seller = await signedInUser();
    const code = await newDraft(seller.cookie);
    const items = [
      { code: "INNER_HUD", kind: "ADDITIONAL" },
      { code: "PARK_CAMERA", kind: "PACKAGE", packageName: "Paket Business" },
      { code: "SAFETY_ABS" },
    ];
    expect((await send("POST", `/draft/${code}`, seller.cookie, { equipment: items })).status).toBe(200);
    const res = await send("POST", `/draft/${code}`, seller.cookie, {
      equipment: ["INNER_HUD", "PARK_CAMERA", "INNER_KEYLESS"],
    });
    expect(res.status).toBe(200);
    const byCode = (list: Item[]) => Object.fromEntries(list.map((e) => [e.code, [e.kind, e.packageName]]));
    const expected = {
      INNER_HUD: ["ADDITIONAL", null],
      PARK_CAMERA: ["PACKAGE", "Paket Business"],
      INNER_KEYLESS: ["SERIAL", null],
    };
    expect(byCode(((await res.json()) as Draft).equipmentItems)).toEqual(expected);
    expect(byCode((await getDraft(seller.cookie, code)).equipmentItems)).toEqual(expected);
  });

  it("garbage is a 400 with fieldErrors and the stored items stay: kind, package name, duplicate, code", async () => {
    const seller = await signedInUser();
    const code = await newDraft(seller.cookie);
    expect(
      (await send("POST", `/draft/${code}`, seller.cookie, { equipment: [{ code: "SAFETY_ABS", kind: "ADDITIONAL" }] }))
        .status,
    ).toBe(200);
    const attempts: [unknown, string][] = [
      [[{ code: "SAFETY_ABS", kind: "EXTRA" }], "equipment.0.kind"],
      [[{ code: "SAFETY_ABS", kind: 1 }], "equipment.0.kind"],
      [[{ code: "SAFETY_ABS", kind: "SERIAL", packageName: "Paket Business" }], "equipment.0.packageName"],
      [
        [{ code: "SAFETY_ABS", kind: "PACKAGE", packageName: "<img src=x onerror=alert(1)>" }],
        "equipment.0.packageName",
      ],
      [[{ code: "SAFETY_ABS", kind: "PACKAGE", packageName: "P".repeat(61) }], "equipment.0.packageName"],
      [["SAFETY_ABS", { code: "SAFETY_ABS", kind: "ADDITIONAL" }], "equipment.1"],
      [["SAFETY_WARP_DRIVE"], "equipment.0.code"],
      [[null], "equipment.0"],
      ["SAFETY_ABS", "equipment"],
    ];
    for (const [equipment, field] of attempts) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, { equipment });
      expect(res.status, JSON.stringify(equipment)).toBe(400);
      expect(
        ((await res.json()) as Body).fieldErrors.map((f) => f.field),
        JSON.stringify(equipment),
      ).toContain(field);
    }
    expect((await getDraft(seller.cookie, code)).equipmentItems).toEqual([
      { code: "SAFETY_ABS", kind: "ADDITIONAL", packageName: null },
    ]);
  });

  it("the database itself refuses a package name on a non-package item and a kind off the list", async () => {
    const posting = await publishedPosting();
    await expect(
      db()
        .insert(postingEquipment)
        .values({ postingId: posting.id, code: "SAFETY_ABS", kind: "SERIAL", packageName: "Paket X" }),
    ).rejects.toThrow();
    await expect(
      env.DB.prepare("INSERT INTO posting_equipment (posting_id, code, kind) VALUES (?, 'SAFETY_ESP', 'EXTRA')")
        .bind(posting.id)
        .run(),
    ).rejects.toThrow();
    await env.DB.prepare("INSERT INTO posting_equipment (posting_id, code) VALUES (?, 'SAFETY_ESP')")
      .bind(posting.id)
      .run();
    expect(
      (
        await db()
          .select({ kind: postingEquipment.kind })
          .from(postingEquipment)
          .where(eq(postingEquipment.postingId, posting.id))
          .all()
      ).map((r) => r.kind),
    ).toEqual(["SERIAL"]);
  });

  it("the public posting answers each item's kind and package name; the eq search filter matches every kind", async () => {
    const seller = await signedInUser();
    const { maker } = await makeAndModel();
    const posting = await publishedPosting({ userId: seller.user.id, manufacturerId: maker.id });
    const equipment = [
      { code: "SAFETY_ABS" },
      { code: "INNER_HUD", kind: "ADDITIONAL" },
      { code: "PARK_CAMERA", kind: "PACKAGE", packageName: "Paket Business" },
    ];
    expect((await send("POST", `/draft/${posting.code}`, seller.cookie, { equipment })).status).toBe(200);
    const detail = (await (await call(`${api}/postings/${posting.code}`)).json()) as { equipment: Item[] };
    expect(Object.fromEntries(detail.equipment.map((e) => [e.code, [e.kind, e.packageName]]))).toEqual({
      SAFETY_ABS: ["SERIAL", null],
      INNER_HUD: ["ADDITIONAL", null],
      PARK_CAMERA: ["PACKAGE", "Paket Business"],
    });
    for (const eqCode of ["SAFETY_ABS", "INNER_HUD", "PARK_CAMERA"]) {
      const found = (await (await call(`${api}/marketplace/search?model=${maker.code}&eq=${eqCode}`)).json()) as {
        total: number;
        results: { code: string }[];
      };
      expect([found.total, found.results.map((r) => r.code)], eqCode).toEqual([1, [posting.code]]);
    }
    const none = (await (await call(`${api}/marketplace/search?model=${maker.code}&eq=OTHER_TOW_HOOK`)).json()) as {
      total: number;
    };
    expect(none.total).toBe(0);
  });

  it("a change of a published posting's equipment (through the API or behind its back, kind only) moves the search generation", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const g0 = await generation();
    expect((await send("POST", `/draft/${posting.code}`, seller.cookie, { equipment: ["SAFETY_ABS"] })).status).toBe(
      200,
    );
    const g1 = await generation();
    expect(g1).toBeGreaterThan(g0);
    await db().update(postingEquipment).set({ kind: "ADDITIONAL" }).where(eq(postingEquipment.postingId, posting.id));
    expect(await generation()).toBeGreaterThan(g1);
  });
});
