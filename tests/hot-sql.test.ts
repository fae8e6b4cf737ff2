import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDbSession } from "~/db/client.server";
import { hotBatch, hotQuery } from "~/db/hot-sql.server";
import { findPostingDetail, findPostingPageWithSession } from "~/db/posting-detail.server";
import { favorites } from "~/db/schema/engagement";
import { users } from "~/db/schema/users";
import { findActiveSession, toSessionInfo } from "~/db/users.server";
import { sha256Hex } from "~/lib/crypto";
import { postings } from "~/db/schema/postings";
import { findSimilar } from "~/db/search.server";
import { db, dealerUser, makeAndModel, publishedPosting } from "./fixtures";

// Hot SQL built once per isolate (issue 27, decision 089): the text is built once per shape, every request binds
// its own values on its own D1 client, and the rows come back exactly as drizzle's own batch and `.all()` give them.
describe("hot SQL built once per isolate", () => {
  it("builds each shape once and binds every call's own values, also when calls run at the same time", async () => {
    const [a, b] = [await publishedPosting({ price: 11_100 }), await publishedPosting({ price: 22_200 })];
    let builds = 0;
    const byKey = hotBatch(["key"], (d, p, by: "id" | "code") => {
      builds++;
      const where = by === "id" ? eq(postings.id, p.key) : eq(postings.code, p.key);
      return [d.select({ code: postings.code, price: postings.price }).from(postings).where(where)] as const;
    });
    const answers = await Promise.all(
      [a, b, a, b].map((x, i) => (i < 2 ? byKey(db(), "code", { key: x.code }) : byKey(db(), "id", { key: x.id }))),
    );
    expect(answers.map(([rows]) => rows[0]?.price)).toEqual([11_100, 22_200, 11_100, 22_200]);
    expect(builds).toBe(2);
    await byKey(db(), "code", { key: a.code });
    expect(builds).toBe(2);
  });

  it("answers the posting page's reads mapped by drizzle's column mappers, the same by id and by code", async () => {
    const { maker, model } = await makeAndModel();
    const posting = await publishedPosting({
      price: 15_900,
      odometerKm: 123_456,
      manufacturerId: maker.id,
      baseModelId: model.id,
    });
    const now = new Date();
    const byId = await findPostingDetail(db(), String(posting.id), now);
    const byCode = await findPostingDetail(db(), posting.code, now);
    expect(byId?.posting.code).toBe(posting.code);
    expect(byCode).toEqual(byId);
    // Booleans, numbers and the joined names mapped by drizzle's column mappers, not left as D1's raw values.
    expect(byId?.posting.price).toBe(15_900);
    expect(typeof byId?.posting.hidePosting).toBe("boolean");
    expect(byId?.manufacturerName).toBe(maker.name);
    expect(byId?.baseModelName).toBe(model.name);
    expect(await findPostingDetail(db(), "ni-takega-oglasa", now)).toBeNull();
  });

  it("runs on the request's own D1 session (read replication and bookmarks unchanged)", async () => {
    const session = openDbSession(env.DB, null);
    const rows = hotQuery(["n"], (d, p) =>
      d
        .select({ one: sql<number>`${p.n} + 1` })
        .from(postings)
        .limit(1),
    );
    expect(await rows(session.db, "one", { n: 41 })).toEqual([{ one: 42 }]);
    // A session that has read names the replica state it read from.
    expect(session.bookmark()).toBeTruthy();
  });

  it("finds similar vehicles of the same model by id or code, and only the dealership's when asked", async () => {
    const { maker, model } = await makeAndModel();
    const car = { manufacturerId: maker.id, baseModelId: model.id, modelYear: 2018 };
    const origin = await publishedPosting({ ...car, price: 1_000_000, searchPrice: 1_000_000 });
    const near = await publishedPosting({ ...car, price: 1_050_000, searchPrice: 1_050_000 });
    const far = await publishedPosting({ ...car, price: 3_000_000, searchPrice: 3_000_000 });
    for (const key of [origin.code, String(origin.id)]) {
      const similar = await findSimilar(db(), key, { dealerCode: null, limit: 5 });
      expect(similar?.map((c) => c.id)).toEqual([near.id, far.id]);
    }
    expect(await findSimilar(db(), origin.code, { dealerCode: "ni-takega-trgovca", limit: 5 })).toEqual([]);
    expect(await findSimilar(db(), "ni-takega-oglasa", { dealerCode: null, limit: 5 })).toBeNull();
  });

  it("reads the similar cars in the posting page's batch with every column of findSimilar's (aliased, decision 089)", async () => {
    const { maker, model } = await makeAndModel();
    const car = { manufacturerId: maker.id, baseModelId: model.id, modelYear: 2017 };
    const origin = await publishedPosting({ ...car, price: 900_000, searchPrice: 900_000 });
    const near = await publishedPosting(
      { ...car, price: 950_000, searchPrice: 950_000, badgeVerified: true, trimName: "1.6 TDI" },
      "test/cover.svg",
    );
    const far = await publishedPosting({ ...car, price: 2_500_000, searchPrice: 2_500_000 });
    const now = new Date();
    for (const key of [origin.code, String(origin.id)]) {
      const page = await findPostingDetail(db(), key, now, { similar: 5 });
      const alone = await findSimilar(db(), key, { dealerCode: null, limit: 5 });
      expect(page?.similar?.map((c) => c.id)).toEqual([near.id, far.id]);
      // The joined tables' same-named columns (code, name) each keep their own value; booleans stay booleans.
      expect(page?.similar).toEqual(alone);
      expect(page?.similar?.[0]).toMatchObject({
        code: near.code,
        manufacturerCode: maker.code,
        manufacturerName: maker.name,
        baseModelCode: model.code,
        baseModelName: model.name,
        badgeVerified: true,
        trimName: "1.6 TDI",
      });
      expect(page?.similar?.[0]?.coverKey).toBeTruthy();
      // The posting's own reads are the same as without the similar cars.
      const { similar: _, ...rest } = page ?? {};
      const { similar: none, ...without } = (await findPostingDetail(db(), key, now)) ?? {};
      expect(none).toBeNull();
      expect(rest).toEqual(without);
    }
  });
  it("the signed-in page's batch reads the session's row exactly as the lookup alone does, field for field", async () => {
    const seller = await dealerUser();
    await db()
      .update(users)
      .set({ amzsMembershipNumber: "123456", amzsMembershipVerifiedNumber: "123456", phoneVerified: true })
      .where(eq(users.id, seller.user.id));
    const posting = await publishedPosting({ userId: seller.user.id, dealershipId: seller.user.dealershipId });
    const liked = await publishedPosting();
    await db().insert(favorites).values({ userId: seller.user.id, postingId: liked.id });
    const hash = await sha256Hex(seller.token);
    const now = new Date();
    const alone = await findActiveSession(db(), hash, now, true);
    expect(alone?.user).toMatchObject({ id: seller.user.id, amzsMembershipVerified: true, dealershipRole: "HEAD" });
    for (const [key, similar] of [
      [String(posting.id), { similar: 12 }],
      [posting.code, {}],
    ] as const) {
      const page = await findPostingPageWithSession(db(), key, now, hash, similar);
      expect(toSessionInfo(page.session, true)).toEqual(alone);
      expect(page.detail).toEqual(await findPostingDetail(db(), key, now, similar));
    }
    // An unknown token: no row, the posting's reads unchanged.
    const none = await findPostingPageWithSession(db(), posting.code, now, await sha256Hex("x".repeat(43)));
    expect(none.session).toBeUndefined();
    expect(none.detail?.posting.id).toBe(posting.id);
  });
});
