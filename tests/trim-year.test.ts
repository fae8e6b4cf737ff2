import { keyFacts } from "~/domain/key-facts";
import { describe, expect, it } from "vitest";
import type { PostingDetail } from "~/domain/posting-detail";
import { sheetOf } from "~/services/posting-pdf.server";
import { call, makeAndModel, signedInUser } from "./fixtures";

// Issue 22 (decision 055): the trim year of spec section 3 ("trim name, trim year"), added by one entry of the
// posting-field table and its label: saved on the draft, read back, refused with a Slovenian message when it is
// not a whole number, and shown on the posting page's spec rows and in the PDF facts.
type Body = { fieldErrors: { field: string; kind: string; message: string }[] };
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  call(`/internal-api/v1${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
let vins = Date.now() % 4_000_000;
const vin = () => `TMBJJ7NE8J${String(1_000_000 + (vins++ % 8_000_000))}`;

describe("trim year (a table field end to end)", () => {
  it("is saved on the draft, read back, published to the posting and its PDF facts; garbage is a 400 in Slovenian", async () => {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const created = await send("POST", "/draft", seller.cookie, { vin: vin(), hiddenVin: false, isPartialVin: false });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };

    for (const garbage of ["2017a", 2017.5, -1]) {
      const bad = await send("POST", `/draft/${code}`, seller.cookie, { trimYear: garbage });
      expect(bad.status).toBe(400);
      const errors = ((await bad.json()) as Body).fieldErrors;
      expect(errors.find((f) => f.field === "trimYear")?.message).toMatch(
        /^(Vnesite celo število\.|Vrednost ne sme biti negativna\.)$/,
      );
    }
    const tooLate = await send("POST", `/draft/${code}`, seller.cookie, { trimYear: 3000 });
    expect(((await tooLate.json()) as Body).fieldErrors).toEqual([
      { field: "trimYear", kind: "INVALID", message: "Vrednost je prevelika." },
    ]);

    const saved = await send("POST", `/draft/${code}`, seller.cookie, {
      manufacturer: maker.code,
      model: model.code,
      trimYear: 2017,
      modelYear: 2018,
      odometerKm: 85000,
      fuel: "DIESEL",
      priceType: "NORMAL",
      price: 1_249_050,
      contactRegion: "LJUBLJANA",
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { trimYear: number }).trimYear).toBe(2017);
    const read = (await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as { trimYear: number | null };
    expect(read.trimYear).toBe(2017);

    expect((await send("POST", `/draft/${code}/publish`, seller.cookie)).status).toBe(200);
    const detail = (await (await call(`/internal-api/v1/postings/${code}`)).json()) as PostingDetail;
    expect(detail.vehicle.trimYear).toBe(2017);
    const facts = sheetOf(detail, "https://avtotrg.si", new Date(), []).facts;
    expect(facts).toContainEqual(["Letnik izvedenke", "2017"]);
    // After the key facts (issue 24), in its place in the table: right before the model year, unless the model
    // year stands in the key facts for a missing first registration.
    const labels = facts.map(([label]) => label);
    const keyCount = keyFacts(detail).length;
    const at = labels.indexOf("Letnik izvedenke");
    const modelYear = labels.indexOf("Letnik");
    expect(at).toBeGreaterThanOrEqual(keyCount);
    if (modelYear >= keyCount) expect(at).toBe(modelYear - 1);
    else expect(modelYear).toBeLessThan(keyCount);

    // null clears it.
    const cleared = await send("POST", `/draft/${code}`, seller.cookie, { trimYear: null });
    expect(((await cleared.json()) as { trimYear: number | null }).trimYear).toBeNull();
  });
});
