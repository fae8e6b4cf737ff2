import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { savedSearches } from "~/db/schema/engagement";
import { postings } from "~/db/schema/postings";
import { call, db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

/**
 * Issue 19, rule 9: the caps hold under concurrency. Each test fires ten requests at once through
 * the Hono app; with a read-then-write check every request reads the count before any of them
 * writes, so the cap is passed. Enforced in the writing statement, exactly the cap is left.
 */
type Body = { message: string; statusCode: number; errors: { code: string }[] };
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  call(`/internal-api/v1${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const burst = 10;
const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

async function countOf(userId: number, status: "DRAFT" | "PUBLISHED") {
  const row = await db()
    .select({ n: count() })
    .from(postings)
    .where(and(eq(postings.userId, userId), eq(postings.status, status)))
    .get();
  return row?.n ?? 0;
}

/** Postings of one private seller in a given state, complete enough to publish. */
async function sellersPostings(status: "DRAFT" | "REMOVED" | "EXPIRED" | "SOLD", n: number, userId: number) {
  const { maker, model } = await makeAndModel();
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push(
      await publishedPosting({
        userId,
        status,
        privatePosting: true,
        manufacturerId: maker.id,
        baseModelId: model.id,
        fuel: "DIESEL",
        contactRegion: "LJUBLJANA",
        publishedAt: status === "DRAFT" ? null : new Date().toISOString(),
      }),
    );
  }
  return rows;
}

describe("rule 9: the private seller's active-posting cap under concurrency", () => {
  const max = appConfig.limits.activePostingsPrivateUser;

  it("publishing ten complete drafts at once leaves exactly the cap published; the rest get 409 in Slovenian", async () => {
    const seller = await signedInUser();
    const drafts = await sellersPostings("DRAFT", burst, seller.user.id);
    const responses = await Promise.all(drafts.map((d) => send("POST", `/draft/${d.code}/publish`, seller.cookie)));
    expect(statuses(responses)).toEqual([...Array(max).fill(200), ...Array(burst - max).fill(409)]);
    expect(await countOf(seller.user.id, "PUBLISHED")).toBe(max);
    const refused = (await responses.find((r) => r.status === 409)!.json()) as Body;
    expect(refused.message).toBe(
      `Kot zasebni prodajalec imate lahko hkrati največ ${max} aktivne oglase. Deaktivirajte katerega od njih ali se registrirajte kot trgovec.`,
    );
    expect(await countOf(seller.user.id, "DRAFT")).toBe(burst - max);
  });

  it("reactivating ten removed, expired and sold postings at once leaves exactly the cap published", async () => {
    const seller = await signedInUser();
    const old = [
      ...(await sellersPostings("REMOVED", 4, seller.user.id)),
      ...(await sellersPostings("EXPIRED", 4, seller.user.id)),
      ...(await sellersPostings("SOLD", 2, seller.user.id)),
    ];
    const responses = await Promise.all(
      old.map((p) => send("POST", `/postings/${p.code}/status`, seller.cookie, { status: "PUBLISHED" })),
    );
    expect(statuses(responses)).toEqual([...Array(max).fill(200), ...Array(burst - max).fill(409)]);
    expect(await countOf(seller.user.id, "PUBLISHED")).toBe(max);
  });

  it("publishing and reactivating at the same time still stops at the cap", async () => {
    const seller = await signedInUser();
    const drafts = await sellersPostings("DRAFT", 5, seller.user.id);
    const removed = await sellersPostings("REMOVED", 5, seller.user.id);
    const responses = await Promise.all([
      ...drafts.map((d) => send("POST", `/draft/${d.code}/publish`, seller.cookie)),
      ...removed.map((p) => send("POST", `/postings/${p.code}/status`, seller.cookie, { status: "PUBLISHED" })),
    ]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(max);
    expect(await countOf(seller.user.id, "PUBLISHED")).toBe(max);
  });

  it("a dealer's postings have no cap: ten at once all publish", async () => {
    const dealer = await signedInUser({ dealershipId: null });
    const drafts = await sellersPostings("DRAFT", burst, dealer.user.id);
    // Dealership postings are not private: the cap does not apply to them.
    await db().update(postings).set({ privatePosting: false }).where(eq(postings.userId, dealer.user.id));
    const responses = await Promise.all(drafts.map((d) => send("POST", `/draft/${d.code}/publish`, dealer.cookie)));
    expect(statuses(responses)).toEqual(Array(burst).fill(200));
  });
});

describe("rule 9: the drafts cap under concurrency", () => {
  it("ten drafts started at once when five places are left: exactly the cap exists afterwards", async () => {
    const seller = await signedInUser();
    const max = appConfig.limits.draftsPerUser.private;
    const now = new Date().toISOString();
    const stamp = Date.now().toString(36).toUpperCase();
    const rows = Array.from({ length: max - 5 }, (_, i) =>
      db()
        .insert(postings)
        .values({
          code: `DK${stamp}${i}`.slice(0, 16),
          userId: seller.user.id,
          status: "DRAFT",
          createdAt: now,
          updatedAt: now,
        }),
    );
    const [first, ...rest] = rows;
    if (first) await db().batch([first, ...rest]);
    const { maker, model } = await makeAndModel();
    const responses = await Promise.all(
      Array.from({ length: burst }, () =>
        send("POST", "/draft", seller.cookie, { manufacturer: maker.code, model: model.code }),
      ),
    );
    expect(statuses(responses)).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    expect(await countOf(seller.user.id, "DRAFT")).toBe(max);
    expect(((await responses.find((r) => r.status === 409)!.json()) as Body).message).toBe(
      `Imate že ${max} osnutkov. Dokončajte ali izbrišite katerega od njih, nato začnite novega.`,
    );
  });
});

describe("rule 9: the saved-searches cap under concurrency", () => {
  it("ten searches saved at once when five places are left: exactly the cap is stored", async () => {
    const user = await signedInUser();
    const max = appConfig.limits.savedSearchesPerUser;
    const now = new Date().toISOString();
    // One row per statement: D1 binds at most 100 parameters in one.
    const rows = Array.from({ length: max - 5 }, (_, i) =>
      db()
        .insert(savedSearches)
        .values({
          userId: user.user.id,
          name: `Iskanje ${i}`,
          query: "",
          unsubscribeToken: `tok-${user.user.id}-${i}`,
          createdAt: now,
        }),
    );
    const [first, ...rest] = rows;
    if (first) await db().batch([first, ...rest]);
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        send("POST", "/saved-searches", user.cookie, { name: `Novo ${i}`, query: `odo=..${(i + 1) * 10000}` }),
      ),
    );
    expect(statuses(responses)).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    const stored = await db()
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.user.id))
      .get();
    expect(stored?.n).toBe(max);
    expect(((await responses.find((r) => r.status === 409)!.json()) as Body).message).toBe(
      `Shranite lahko največ ${max} iskanj. Izbrišite katero od starejših.`,
    );
  });
});
