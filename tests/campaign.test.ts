import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignTransfers } from "~/db/schema/featuring";
import { outbox } from "~/db/schema/system";
import { call, db, publishedPosting, signedInUser, unique } from "./fixtures";

type Body = { message: string; statusCode: number };
const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  call(`/internal-api/v1${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
let n = 0;
const vin = () =>
  `WVWZZZ1KZAW${String(Date.now() % 1_000_000).padStart(6, "0")}`.slice(0, 16) + "ABCDEFGHJKLMNPRSTUVWXYZ"[n++ % 23];

/** A posting sold after being published inside the campaign window (2022-03-22 … 2022-05-02). */
async function campaignPosting(values: Parameters<typeof publishedPosting>[0] = {}) {
  const seller = await signedInUser({ email: `prodajalec-${unique()}@primer.si` });
  const posting = await publishedPosting({
    userId: seller.user.id,
    vin: vin(),
    status: "SOLD",
    publishedAt: "2022-04-10T08:00:00.000Z",
    ...values,
  });
  return { seller, posting };
}

describe("gift card campaign", () => {
  it("the buyer claims once for a vehicle: both parties get a gift card by e-mail, the VIN is marked", async () => {
    const { seller, posting } = await campaignPosting();
    const buyer = await signedInUser();
    const before = (await (await get(`/campaign-transfer-posting-get/${posting.code}`, buyer.cookie)).json()) as {
      eligible: boolean;
      refusal: string | null;
    };
    expect(before).toMatchObject({ eligible: true, refusal: null });

    const res = await get(`/campaign-transfer-claim/${posting.code}`, buyer.cookie, {
      "sec-fetch-site": "same-origin",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      code: posting.code,
      vin: posting.vin,
      amount: 1000,
      status: "TRANSFERRED",
    });
    const mails = await db()
      .select()
      .from(outbox)
      .where(inArray(outbox.toAddress, [buyer.user.email ?? "", seller.user.email ?? ""]))
      .all();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([buyer.user.email, seller.user.email].sort());
    for (const m of mails) expect(m.text).toMatch(/Koda bona: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);

    expect(await (await get(`/campaign-transfer-get/${posting.vin}`)).json()).toMatchObject({
      vin: posting.vin,
      claimed: true,
      transfer: { status: "TRANSFERRED", amount: 1000 },
    });
    const again = await get(`/campaign-transfer-claim/${posting.code}`, (await signedInUser()).cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Body).message).toBe("Za to vozilo je bil dobropis že uveljavljen.");
    const after = (await (await get(`/campaign-transfer-posting-get/${posting.code}`)).json()) as {
      eligible: boolean;
      refusal: string;
    };
    expect(after).toMatchObject({ eligible: false, refusal: "Za to vozilo je bil dobropis že uveljavljen." });
  });

  it("refuses a posting published outside the campaign window, the seller's own posting, and a posting without a VIN", async () => {
    const buyer = await signedInUser();
    const late = await campaignPosting({ publishedAt: "2026-11-01T10:00:00.000Z" });
    const res = await get(`/campaign-transfer-claim/${late.posting.code}`, buyer.cookie);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).message).toBe(
      "Dobropis velja le za oglase, objavljene med 22. 3. 2022 in 1. 5. 2022.",
    );
    const own = await campaignPosting();
    expect(
      ((await (await get(`/campaign-transfer-claim/${own.posting.code}`, own.seller.cookie)).json()) as Body).message,
    ).toBe("Dobropisa ne morete uveljaviti za svoj oglas.");
    const noVin = await campaignPosting({ vin: null });
    expect(
      ((await (await get(`/campaign-transfer-claim/${noVin.posting.code}`, buyer.cookie)).json()) as Body).message,
    ).toBe("Dobropis velja le za vozila z vpisano številko šasije (VIN).");
    expect(
      await db()
        .select()
        .from(campaignTransfers)
        .where(inArray(campaignTransfers.postingId, [late.posting.id, own.posting.id, noVin.posting.id]))
        .all(),
    ).toEqual([]);
  });

  it("needs a signed-in buyer and a request from our own pages", async () => {
    const { posting } = await campaignPosting();
    expect((await get(`/campaign-transfer-claim/${posting.code}`)).status).toBe(401);
    const buyer = await signedInUser();
    expect(
      (await get(`/campaign-transfer-claim/${posting.code}`, buyer.cookie, { "sec-fetch-site": "cross-site" })).status,
    ).toBe(403);
    expect(
      await db().select().from(campaignTransfers).where(eq(campaignTransfers.postingId, posting.id)).all(),
    ).toEqual([]);
  });

  it("two buyers claiming the same vehicle at once: one gets it, the other a clear 409", async () => {
    const { posting } = await campaignPosting();
    const [a, b] = await Promise.all([signedInUser(), signedInUser()]);
    const results = await Promise.all([a, b].map((u) => get(`/campaign-transfer-claim/${posting.code}`, u.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await db().select().from(campaignTransfers).where(eq(campaignTransfers.postingId, posting.id)).all(),
    ).toHaveLength(1);
  });

  it("answers 404 for unknown postings and 400 for a malformed VIN", async () => {
    expect((await get("/campaign-transfer-posting-get/NIMATEGA1")).status).toBe(404);
    expect((await get("/campaign-transfer-get/abc")).status).toBe(400);
    expect(await (await get("/campaign-transfer-get/WVWZZZ1KZAW999999")).json()).toEqual({
      vin: "WVWZZZ1KZAW999999",
      claimed: false,
      transfer: null,
    });
  });
});
