import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postings, wizardSelections } from "~/db/schema/postings";
import { sha256Hex } from "~/lib/crypto";
import { runDailyJobs } from "~/services/scheduled.server";
import { env } from "cloudflare:workers";
import { call, db, makeAndModel, signedInUser } from "./fixtures";

type Body = { message: string; statusCode: number; fieldErrors: { field: string }[] };
const send = (method: string, path: string, init: { cookie?: string; body?: unknown; ip?: string } = {}) =>
  call(`/internal-api/v1${path}`, {
    method,
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.ip ? { "cf-connecting-ip": init.ip } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

let counter = 0;
/** A valid VIN from the per-run counter (no I, O, Q). */
const vin = () => `WVWZZZ1KZ${String(Date.now() % 1e5).padStart(5, "0")}${String(counter++ % 1000).padStart(3, "0")}`;

/** A signed-out seller leaves a choice; answers its token. */
async function choose(body: Record<string, unknown>) {
  const res = await send("POST", "/draft-selection", { body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

describe("the vehicle chosen before signing in (decision 046)", () => {
  it("is kept on the server for a signed-out seller and becomes the signed-in seller's draft (in any browser that holds the token)", async () => {
    const { maker, model } = await makeAndModel();
    const token = await choose({ vin: null, manufacturer: maker.code, model: model.code });
    // Signed out, the sign-in step names what was chosen.
    const shown = await send("GET", `/draft-selection/${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      manufacturer: maker.code,
      manufacturerName: maker.name,
      model: model.code,
      modelName: "Model",
      vin: null,
    });
    // Another browser (a fresh session, no storage shared with the first): the token in the return path is enough.
    const seller = await signedInUser();
    const claimed = await send("POST", `/draft-selection/${token}/claim`, { cookie: seller.cookie });
    expect(claimed.status).toBe(201);
    const draft = (await claimed.json()) as { id: number; code: string };
    const row = await db().select().from(postings).where(eq(postings.id, draft.id)).get();
    expect(row).toMatchObject({
      userId: seller.user.id,
      status: "DRAFT",
      manufacturerId: maker.id,
      baseModelId: model.id,
    });
    // A reload asks again: the same draft, not a second one.
    const again = await send("POST", `/draft-selection/${token}/claim`, { cookie: seller.cookie });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(draft);
    expect((await db().select().from(postings).where(eq(postings.userId, seller.user.id)).all()).length).toBe(1);
  });

  it("ATTACK: a stranger cannot claim someone else's choice or draft, nor read it, once its seller claimed it", async () => {
    const v = vin();
    const token = await choose({ vin: v, hiddenVin: true });
    const seller = await signedInUser();
    const stranger = await signedInUser();
    const mine = (await (await send("POST", `/draft-selection/${token}/claim`, { cookie: seller.cookie })).json()) as {
      id: number;
    };
    // The stranger learnt the token afterwards (a shared screen, a forwarded e-mail): nothing to claim or read.
    const stolen = await send("POST", `/draft-selection/${token}/claim`, { cookie: stranger.cookie });
    expect(stolen.status).toBe(404);
    expect(((await stolen.json()) as Body).message).toMatch(/Izbira vozila ni več veljavna/);
    expect((await send("GET", `/draft-selection/${token}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await send("GET", `/draft-selection/${token}`)).status).toBe(404);
    // The draft stays the seller's; the stranger has none.
    expect((await db().select().from(postings).where(eq(postings.id, mine.id)).get())?.userId).toBe(seller.user.id);
    expect(await db().select().from(postings).where(eq(postings.userId, stranger.user.id)).all()).toEqual([]);
    expect((await send("GET", `/draft/${mine.id}`, { cookie: stranger.cookie })).status).toBe(403);
  });

  it("ATTACK: of two parallel claims of one choice by two users exactly one gets a draft", async () => {
    const token = await choose({ vin: vin() });
    const [a, b] = await Promise.all([signedInUser(), signedInUser()]);
    const results = await Promise.all(
      [a, b].map((u) => send("POST", `/draft-selection/${token}/claim`, { cookie: u.cookie })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 404]);
    const drafts = await Promise.all(
      [a, b].map((u) => db().select().from(postings).where(eq(postings.userId, u.user.id)).all()),
    );
    expect(drafts.map((d) => d.length).sort()).toEqual([0, 1]);
  });

  it("ATTACK: a guessed, malformed or expired token claims nothing; claiming needs a signed-in seller", async () => {
    const seller = await signedInUser();
    const guessed = await send("POST", `/draft-selection/${"A".repeat(43)}/claim`, { cookie: seller.cookie });
    expect(guessed.status).toBe(404);
    const malformed = await send("POST", "/draft-selection/kratek/claim", { cookie: seller.cookie });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Body).fieldErrors.map((f) => f.field)).toEqual(["token"]);
    const token = await choose({ vin: vin() });
    expect((await send("POST", `/draft-selection/${token}/claim`)).status).toBe(401);
    await db()
      .update(wizardSelections)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(wizardSelections.tokenHash, await sha256Hex(token)));
    expect((await send("POST", `/draft-selection/${token}/claim`, { cookie: seller.cookie })).status).toBe(404);
    expect(await db().select().from(postings).where(eq(postings.userId, seller.user.id)).all()).toEqual([]);
    // The daily job forgets it.
    await runDailyJobs(env);
    expect(
      await db()
        .select()
        .from(wizardSelections)
        .where(eq(wizardSelections.tokenHash, await sha256Hex(token)))
        .get(),
    ).toBeUndefined();
  });

  it("refuses a bad choice before the sign-in (the draft's own rules, 400 with the field), and only the token is stored", async () => {
    const bad = await send("POST", "/draft-selection", { body: { vin: "TMB-OOO" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).fieldErrors.map((f) => f.field)).toEqual(["vin"]);
    const unknownMake = await send("POST", "/draft-selection", { body: { vin: null, manufacturer: "ni-take-znamke" } });
    expect(unknownMake.status).toBe(400);
    expect(((await unknownMake.json()) as Body).fieldErrors.map((f) => f.field)).toEqual(["manufacturer"]);
    const token = await choose({ vin: vin() });
    expect(
      await db().select().from(wizardSelections).where(eq(wizardSelections.tokenHash, token)).get(),
    ).toBeUndefined();
  });

  it("ATTACK: one client cannot fill the table: past the hourly budget it gets 429", async () => {
    const ip = `10.250.${counter % 250}.${(Date.now() % 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++)
      statuses.push((await send("POST", "/draft-selection", { body: { vin: vin() }, ip })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });

  it("gives the claim back when the draft is refused (duplicate published VIN), so the seller can retry after fixing it", async () => {
    const seller = await signedInUser();
    const v = vin();
    await db()
      .insert(postings)
      .values({
        code: `S${Date.now().toString(36)}${counter++}`.toUpperCase().slice(0, 12),
        userId: seller.user.id,
        status: "PUBLISHED",
        vin: v,
      });
    const token = await choose({ vin: v });
    const refused = await send("POST", `/draft-selection/${token}/claim`, { cookie: seller.cookie });
    expect(refused.status).toBe(409);
    expect(
      (
        await db()
          .select()
          .from(wizardSelections)
          .where(eq(wizardSelections.tokenHash, await sha256Hex(token)))
          .get()
      )?.userId,
    ).toBeNull();
    await db().update(postings).set({ status: "SOLD" }).where(eq(postings.vin, v));
    expect((await send("POST", `/draft-selection/${token}/claim`, { cookie: seller.cookie })).status).toBe(201);
  });
});
