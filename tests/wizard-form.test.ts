// Issue 23 (decision 060): the details step's rules on the server. Dealer-only fields refused from a private
// seller, the country only from its list, 4×4 and alloy rims as fields, the buyers' e-mail only when entered,
// and the publishing rules read from the posting-field table.
import { describe, expect, it } from "vitest";
import { postingDetails, postingEquipment } from "~/db/schema/postings";
import { dealerOnlyMessage, missingForPublish } from "~/domain/posting-field-table/publish-rules";
import { call, db, dealerUser, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Body = { statusCode: number; fieldErrors: { field: string; kind: string; message: string }[] };
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  call(`/internal-api/v1${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A draft of the user (in the dealership when given), made through the API from a make and model. */
async function draftOf(cookie: string) {
  const { maker, model } = await makeAndModel();
  const res = await send("POST", "/draft", cookie, { manufacturer: maker.code, model: model.code });
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}
/** What the seller sees of the draft (the view reads every column the tests look at). */
const stored = async (cookie: string, code: string) => {
  const view = (await (await send("GET", `/draft/${code}`, cookie)).json()) as Record<string, unknown>;
  const keys = ["arrivalState", "priceType", "rentalPrices", "priceWithoutVat", "vatDeductible", "financingOffers"];
  return Object.fromEntries(keys.map((k) => [k, view[k]]));
};

describe("dealer-only fields (attack: a private seller forges them)", () => {
  const forged = [
    [{ priceWithoutVat: 1_000_000 }, "priceWithoutVat"],
    [{ vatDeductible: true }, "vatDeductible"],
    [{ financingPrice: 900_000 }, "financingPrice"],
    [{ cashDiscount: 50_000 }, "cashDiscount"],
    [{ arrivalState: "ARRIVING" }, "arrivalState"],
    [{ priceType: "RENTAL_ONLY" }, "priceType"],
    [{ priceType: "WITH_FINANCING" }, "priceType"],
    [{ rentalPrices: [{ price: 4900, interval: "DAILY" }] }, "rentalPrices"],
    [{ financingOffers: [{ downPayment: 200_000, monthlyPayment: 22_990, months: 48 }] }, "financingOffers"],
  ] as const;

  it("a private seller's draft refuses each with a Slovenian field error, and nothing is stored", async () => {
    const seller = await signedInUser();
    const code = await draftOf(seller.cookie);
    const before = await stored(seller.cookie, code);
    for (const [body, field] of forged) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, { ...body, price: 1_000_000 });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Body).fieldErrors).toEqual([
        { field, kind: "INVALID", message: dealerOnlyMessage },
      ]);
    }
    expect(await stored(seller.cookie, code)).toEqual(before);
    // Clearing is no forgery: an older client may send the empty values.
    const cleared = await send("POST", `/draft/${code}`, seller.cookie, {
      priceWithoutVat: null,
      vatDeductible: false,
      rentalPrices: [],
      financingOffers: [],
      arrivalState: null,
      priceType: "NEGOTIABLE",
    });
    expect(cleared.status).toBe(200);
  });

  it("a private seller cannot start a draft with a dealer-only first value either", async () => {
    const seller = await signedInUser();
    const { maker } = await makeAndModel();
    const res = await send("POST", "/draft", seller.cookie, { manufacturer: maker.code, priceType: "RENTAL_ONLY" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Body).fieldErrors.map((f) => f.field)).toEqual(["priceType"]);
  });

  it("a dealership's posting takes them all", async () => {
    const head = await dealerUser();
    const code = await draftOf(head.cookie);
    const res = await send("POST", `/draft/${code}`, head.cookie, {
      priceWithoutVat: 1_000_000,
      vatDeductible: true,
      arrivalState: "ARRIVING",
      priceType: "RENTAL_ONLY",
      rentalPrices: [{ price: 4900, interval: "DAILY" }],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ privatePosting: false, priceWithoutVat: 1_000_000, vatDeductible: true });
    expect(await stored(head.cookie, code)).toMatchObject({ arrivalState: "ARRIVING", priceType: "RENTAL_ONLY" });
  });
});

describe("country of first registration (attack: a code not on the list)", () => {
  it("takes an ISO code of the list, in any case; refuses anything else in Slovenian", async () => {
    const seller = await signedInUser();
    const code = await draftOf(seller.cookie);
    for (const bad of ["XX", "Slovenija", "S1"]) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, { firstRegistrationCountry: bad });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as Body).fieldErrors).toEqual([
        { field: "firstRegistrationCountry", kind: "INVALID", message: "Izberite državo prve registracije s seznama." },
      ]);
    }
    const ok = await send("POST", `/draft/${code}`, seller.cookie, { firstRegistrationCountry: "de" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ firstRegistrationCountry: "DE" });
  });
});

describe("4×4 and alloy rims are asked once, as fields", () => {
  it("a tick from an older client sets the field and is not stored as equipment; search's eq reads the field", async () => {
    const seller = await signedInUser();
    const code = await draftOf(seller.cookie);
    const res = await send("POST", `/draft/${code}`, seller.cookie, {
      equipment: ["OTHER_4X4", "OTHER_ALLOY_WHEELS", "PARK_CAMERA"],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ equipment: ["PARK_CAMERA"], driveWheels: "BOTH", rimsMaterial: "ALU" });
    // A field sent with the tick wins.
    const both = await send("POST", `/draft/${code}`, seller.cookie, {
      equipment: ["OTHER_4X4"],
      driveWheels: "REAR",
    });
    expect(await both.json()).toMatchObject({ equipment: [], driveWheels: "REAR" });

    const { maker } = await makeAndModel();
    const awd = await publishedPosting({ manufacturerId: maker.id, driveWheels: "BOTH" });
    const front = await publishedPosting({ manufacturerId: maker.id, driveWheels: "FRONT" });
    await db().insert(postingEquipment).values({ postingId: front.id, code: "OTHER_4X4" });
    const found = (await (
      await call(`/internal-api/v1/marketplace/search?model=${maker.code}&eq=OTHER_4X4`)
    ).json()) as { total: number; results: { code: string }[] };
    expect(found.results.map((r) => r.code)).toEqual([awd.code]);
  });
});

describe("a private seller's e-mail is never published (privacy by default; buyers write through the inquiry form)", () => {
  type Detail = { seller: { contact: { email: string | null; phone: string | null } } };
  it("neither the sign-in address nor an entered one appears in the public posting (issue 24)", async () => {
    const seller = await signedInUser({ phoneNumber: "+38641123456" });
    const silent = await publishedPosting({ userId: seller.user.id });
    const res = await call(`/internal-api/v1/postings/${silent.code}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(seller.user.email);
    expect((JSON.parse(text) as Detail).seller.contact).toMatchObject({ email: null, phone: "+38641123456" });

    const shown = await publishedPosting({ userId: seller.user.id });
    await db().insert(postingDetails).values({ postingId: shown.id, contactEmail: "prodaja@primer.si" });
    const detail = (await (await call(`/internal-api/v1/postings/${shown.code}`)).json()) as Detail;
    expect(detail.seller.contact.email).toBeNull();
  });
});

describe("publishing needs what the wizard marks (one rule set, from the posting-field table)", () => {
  it("an empty draft is refused with the table's messages, in the form's order", async () => {
    const seller = await signedInUser();
    const { maker } = await makeAndModel();
    const created = await send("POST", "/draft", seller.cookie, { manufacturer: maker.code });
    const { code } = (await created.json()) as { code: string };
    const draft = (await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as Record<string, unknown>;
    const res = await send("POST", `/draft/${code}/publish`, seller.cookie);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Body;
    expect(body.fieldErrors).toEqual(missingForPublish(draft));
    // The make came with the draft; a VIN-less draft has no year yet.
    expect(body.fieldErrors.map((f) => f.field)).not.toContain("manufacturer");
    expect(body.fieldErrors.map((f) => f.field)).toContain("modelYear");
    expect(body.fieldErrors[0]?.message).toBe("Izberite model.");
  });
});
