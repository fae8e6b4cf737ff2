import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { baseModels, modelSeries } from "~/db/schema/catalogue";
import { postings } from "~/db/schema/postings";
import { call, db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Tree = {
  manufacturer: { code: string };
  baseModels: { id: number; code: string; name: string; series: { id: number; name: string; postings: number }[] }[];
};
type ErrorBody = { message: string; fieldErrors: { field: string; message: string }[] };
const api = (path: string, cookie?: string, init: RequestInit = {}) =>
  call(`/internal-api/v1${path}`, {
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.body ? { "content-type": "application/json" } : {}) },
  });
const put = (cookie: string, body: unknown) =>
  api("/model-admin", cookie, { method: "PUT", body: JSON.stringify(body) });

/** A make with two base models: "Model" (series S1 with a published posting, S2) and "Drugi" (series S3). */
async function make() {
  const { maker, model } = await makeAndModel();
  const [other] = await db()
    .insert(baseModels)
    .values({ manufacturerId: maker.id, code: "drugi", name: "Drugi" })
    .returning();
  if (!other) throw new Error("model not inserted");
  const series = await db()
    .insert(modelSeries)
    .values([
      { manufacturerId: maker.id, baseModelId: model.id, code: "s1", name: "S1", yearFrom: 2010 },
      { manufacturerId: maker.id, baseModelId: model.id, code: "s2", name: "S2", yearFrom: 2015 },
      { manufacturerId: maker.id, baseModelId: other.id, code: "s3", name: "S3", yearFrom: 2018 },
    ])
    .returning();
  const [s1, s2, s3] = series;
  if (!s1 || !s2 || !s3) throw new Error("series not inserted");
  const posting = await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id, seriesId: s1.id });
  const admin = await signedInUser({ amzsAdmin: true, amzsPostingEditor: true });
  return { maker, model, other, s1, s2, s3, posting, admin };
}

const searchIds = async (query: string) =>
  ((await (await api(`/marketplace/search?${query}`)).json()) as { results: { postId: number }[] }).results.map(
    (r) => r.postId,
  );

describe("model administration", () => {
  it("is for administrators: 401 signed out, 403 'You are not an admin' for users and editors", async () => {
    const t = await make();
    expect((await api(`/model-admin?manufacturer=${t.maker.code}`)).status).toBe(401);
    for (const who of [await signedInUser(), await signedInUser({ amzsPostingEditor: true })]) {
      const res = await api(`/model-admin?manufacturer=${t.maker.code}`, who.cookie);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).message).toBe("You are not an admin");
      expect((await put(who.cookie, { manufacturer: t.maker.code, baseModels: [] })).status).toBe(403);
    }
  });

  it("lists a make's base models with their series and posting counts", async () => {
    const t = await make();
    const res = await api(`/model-admin?manufacturer=${t.maker.code}`, t.admin.cookie);
    expect(res.status).toBe(200);
    const tree = (await res.json()) as Tree;
    expect(tree.baseModels.map((bm) => [bm.name, bm.series.map((s) => `${s.name}:${s.postings}`)])).toEqual([
      ["Drugi", ["S3:0"]],
      ["Model", ["S1:1", "S2:0"]],
    ]);
  });

  it("moves a series to another base model and the search filter follows its postings", async () => {
    const t = await make();
    expect(await searchIds(`model=${t.maker.code}(model)`)).toEqual([t.posting.id]);
    const res = await put(t.admin.cookie, {
      manufacturer: t.maker.code,
      baseModels: [
        { id: t.model.id, name: "Model", seriesIds: [t.s2.id] },
        { id: t.other.id, name: "Drugi", seriesIds: [t.s3.id, t.s1.id] },
      ],
    });
    expect(res.status).toBe(200);
    const tree = (await res.json()) as Tree;
    expect(tree.baseModels.find((bm) => bm.id === t.other.id)?.series.map((s) => s.name)).toEqual(["S1", "S3"]);
    expect(await searchIds(`model=${t.maker.code}(model)`)).toEqual([]);
    expect(await searchIds(`model=${t.maker.code}(drugi)`)).toEqual([t.posting.id]);
    const facet = (await (await api(`/marketplace/count-by/model?model=${t.maker.code}`)).json()) as {
      value: string;
      count: number;
    }[];
    expect(facet.find((f) => f.value === `${t.maker.code}(drugi)`)?.count).toBe(1);
    expect(facet.find((f) => f.value === `${t.maker.code}(model)`)?.count ?? 0).toBe(0);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "manufacturer"), eq(auditLog.entityId, String(t.maker.id))))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: t.admin.user.id,
      action: "model-admin.save",
      entity: "manufacturer",
    });
  });

  it("renames a base model and adds a new one with a code from its name", async () => {
    const t = await make();
    const res = await put(t.admin.cookie, {
      manufacturer: t.maker.code,
      baseModels: [
        { id: t.model.id, name: "Model Plus", seriesIds: [t.s1.id] },
        { id: t.other.id, name: "Drugi", seriesIds: [t.s3.id] },
        { name: "Čisto Nov", seriesIds: [t.s2.id] },
      ],
    });
    expect(res.status).toBe(200);
    const tree = (await res.json()) as Tree;
    expect(tree.baseModels.map((bm) => `${bm.code}=${bm.name}`)).toEqual([
      "cisto-nov=Čisto Nov",
      "drugi=Drugi",
      "model=Model Plus",
    ]);
    expect(tree.baseModels[0]?.series.map((s) => s.name)).toEqual(["S2"]);
  });

  it("refuses a mapping that loses a series, repeats a name or drops a model, and saves nothing", async () => {
    const t = await make();
    const cases: [unknown, string][] = [
      [
        [
          { id: t.model.id, name: "Model", seriesIds: [t.s1.id] },
          { id: t.other.id, name: "Drugi", seriesIds: [t.s3.id] },
        ],
        "Vsaka serija mora pripadati natanko enemu modelu.",
      ],
      [
        [
          { id: t.model.id, name: "Model", seriesIds: [t.s1.id, t.s2.id] },
          { id: t.other.id, name: "model", seriesIds: [t.s3.id] },
        ],
        "Model s tem imenom že obstaja.",
      ],
      [
        [{ id: t.model.id, name: "Model", seriesIds: [t.s1.id, t.s2.id, t.s3.id] }],
        "Seznam mora vsebovati vse obstoječe modele znamke.",
      ],
      [
        [
          { id: t.model.id, name: "  ", seriesIds: [t.s1.id, t.s2.id] },
          { id: t.other.id, name: "Drugi", seriesIds: [t.s3.id] },
        ],
        "Ime modela ne sme biti prazno.",
      ],
    ];
    for (const [baseModelsBody, message] of cases) {
      const res = await put(t.admin.cookie, { manufacturer: t.maker.code, baseModels: baseModelsBody });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).fieldErrors.map((e) => e.message)).toContain(message);
    }
    const posting = await db()
      .select({ baseModelId: postings.baseModelId })
      .from(postings)
      .where(eq(postings.id, t.posting.id))
      .get();
    expect(posting?.baseModelId).toBe(t.model.id);
    const names = await db()
      .select({ name: baseModels.name })
      .from(baseModels)
      .where(eq(baseModels.manufacturerId, t.maker.id))
      .all();
    expect(names.map((n) => n.name).sort()).toEqual(["Drugi", "Model"]);
  });
});
