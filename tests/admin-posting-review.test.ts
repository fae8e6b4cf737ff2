import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { postingDetails, postingFiles, postingReviews, postings } from "~/db/schema/postings";
import { call, db, publishedPosting, signedInUser } from "./fixtures";

type ErrorBody = { message: string; fieldErrors: { field: string; message: string }[] };
type Item = {
  code: string;
  postId: number;
  badges: string[];
  price: number | null;
  odometerKm: number | null;
  corrected: boolean;
  badgeVerifiedDescription: string | null;
  photos: string[];
};
const api = (path: string, cookie?: string, body?: unknown) =>
  call(
    `/internal-api/v1${path}`,
    body === undefined
      ? { headers: cookie ? { cookie } : {} }
      : {
          method: "POST",
          headers: { ...(cookie ? { cookie } : {}), "content-type": "application/json" },
          body: JSON.stringify(body),
        },
  );
const noBadges = { badgeVerified: false, badgeGoodBuy: false, badgePromising: false };

describe("posting review (editors)", () => {
  it("is for posting editors and admins: 401, 403 'You are not an editor' for users and dealers", async () => {
    const p = await publishedPosting();
    expect((await api("/posting-review")).status).toBe(401);
    for (const who of [await signedInUser(), await signedInUser({ dealershipRole: "HEAD" })]) {
      const res = await api("/posting-review", who.cookie);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).message).toBe("You are not an editor");
      expect((await api(`/posting-review/${p.code}`, who.cookie, noBadges)).status).toBe(403);
    }
    expect((await api("/posting-review", (await signedInUser({ amzsPostingEditor: true })).cookie)).status).toBe(200);
    expect((await api("/posting-review", (await signedInUser({ amzsAdmin: true })).cookie)).status).toBe(200);
  });

  it("gives each posting's pictures, cover first (exterior, interior, then the seller's order), never its documents; only to editors and admins", async () => {
    const p = await publishedPosting();
    const file = (objectKey: string, fileType: string, sortOrder: number, mimeType = "image/jpeg") => ({
      postingId: p.id,
      objectKey,
      fileType,
      sortOrder,
      mimeType,
    });
    await db()
      .insert(postingFiles)
      .values([
        file(`review/${p.code}/int.jpg`, "INTERIOR_PICTURE", 0),
        file(`review/${p.code}/ext-2.jpg`, "EXTERIOR_PICTURE", 2),
        file(`review/${p.code}/racun.pdf`, "DOCUMENT", 0, "application/pdf"),
        file(`review/${p.code}/ext-1.jpg`, "EXTERIOR_PICTURE", 1),
      ]);
    const bare = await publishedPosting();
    const editor = await signedInUser({ amzsPostingEditor: true });
    const list = async (code: string) =>
      ((await (await api(`/posting-review?q=${code}`, editor.cookie)).json()) as { postings: Item[] }).postings[0];
    expect((await list(p.code))?.photos).toEqual([
      `/media/review/${p.code}/ext-1.jpg`,
      `/media/review/${p.code}/ext-2.jpg`,
      `/media/review/${p.code}/int.jpg`,
    ]);
    expect((await list(bare.code))?.photos).toEqual([]);
    // Attack: a buyer, a dealer head and a salesperson ask for the list with the pictures: 403, nothing listed.
    for (const who of [
      await signedInUser(),
      await signedInUser({ dealershipRole: "HEAD" }),
      await signedInUser({ dealershipRole: "SALESPERSON" }),
    ]) {
      const res = await api(`/posting-review?q=${p.code}`, who.cookie);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain("ext-1.jpg");
    }
  });

  it("lists the newest published postings, or only the Promising ones, and finds one by code", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    // Far ahead of anything other test files (sharing the database) publish.
    const promising = await publishedPosting({
      badgePromising: true,
      publishedAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    });
    const plain = await publishedPosting({ publishedAt: new Date(Date.now() + 399 * 86_400_000).toISOString() });
    const newest = (await (await api("/posting-review?tab=newest", editor.cookie)).json()) as {
      total: number;
      postings: Item[];
    };
    expect(newest.postings.slice(0, 2).map((p) => p.code)).toEqual([promising.code, plain.code]);
    const prom = (await (await api("/posting-review?tab=promising", editor.cookie)).json()) as { postings: Item[] };
    expect(prom.postings.map((p) => p.code)).toContain(promising.code);
    expect(prom.postings.map((p) => p.code)).not.toContain(plain.code);
    expect(prom.postings.every((p) => p.badges.includes("PROMISING"))).toBe(true);
    const found = (await (await api(`/posting-review?q=${plain.code}`, editor.cookie)).json()) as {
      total: number;
      postings: Item[];
    };
    expect(found.postings.map((p) => p.code)).toEqual([plain.code]);
  });

  it("sets Verified with its description (shown on the posting), corrects fields and records who did it", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const p = await publishedPosting({ price: 1_500_000, searchPrice: 1_500_000, odometerKm: 90_000 });
    const res = await api(`/posting-review/${p.code}`, editor.cookie, {
      ...noBadges,
      badgeVerified: true,
      badgeVerifiedDescription: "Pregled 120 točk, 3. 11. 2026",
      price: 1_449_000,
      odometerKm: 91_250,
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as Item).toMatchObject({
      code: p.code,
      badges: ["VERIFIED"],
      price: 1_449_000,
      odometerKm: 91_250,
      corrected: true,
      badgeVerifiedDescription: "Pregled 120 točk, 3. 11. 2026",
    });
    const row = await db().select().from(postings).where(eq(postings.id, p.id)).get();
    expect(row).toMatchObject({ badgeVerified: true, price: 1_449_000, searchPrice: 1_449_000, odometerKm: 91_250 });
    const detail = (await (await api(`/postings/${p.code}`)).json()) as {
      badges: string[];
      badgeVerifiedDescription: string | null;
    };
    expect(detail.badges).toContain("VERIFIED");
    expect(detail.badgeVerifiedDescription).toBe("Pregled 120 točk, 3. 11. 2026");
    const details = await db().select().from(postingDetails).where(eq(postingDetails.postingId, p.id)).get();
    expect(details?.postingType).toBe("CORRECTED");
    expect(details?.verifiedAt).toMatch(/^\d{4}-/);
    const review = await db().select().from(postingReviews).where(eq(postingReviews.postingId, p.id)).get();
    expect(review).toMatchObject({
      reviewerUserId: editor.user.id,
      changes: { price: { from: 1_500_000, to: 1_449_000 }, odometerKm: { from: 90_000, to: 91_250 } },
    });
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "posting"), eq(auditLog.entityId, String(p.id))))
        .all(),
    ).toHaveLength(1);
  });

  it("refuses Verified or Good buy without a description, and Good buy without Verified; nothing is saved", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const p = await publishedPosting();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ badgeVerified: true }, "badgeVerifiedDescription", "Manjka kratek opis značke!"],
      [
        { badgeVerified: true, badgeVerifiedDescription: "Pregled", badgeGoodBuy: true, badgeGoodBuyDescription: " " },
        "badgeGoodBuyDescription",
        "Manjka kratek opis značke!",
      ],
      [
        { badgeGoodBuy: true, badgeGoodBuyDescription: "Ugodno" },
        "badgeGoodBuy",
        "Značko Dober nakup lahko dodelite le skupaj z značko Preverjeno.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api(`/posting-review/${p.code}`, editor.cookie, { ...noBadges, ...body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).fieldErrors).toContainEqual(expect.objectContaining({ field, message }));
    }
    const row = await db()
      .select({ v: postings.badgeVerified, g: postings.badgeGoodBuy })
      .from(postings)
      .where(eq(postings.id, p.id))
      .get();
    expect(row).toEqual({ v: false, g: false });
    expect((await api("/posting-review/NEOBSTAJA1", editor.cookie, noBadges)).status).toBe(404);
  });
});
