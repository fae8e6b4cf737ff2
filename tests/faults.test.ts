import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { postingEquipment, postings } from "~/db/schema";
import { db, makeAndModel, signedInUser } from "./fixtures";

// D1 failing (issue #11): a JSON 500 without internals, and no partial write when a statement of a
// multi-statement write fails.

type Mode = { failAll?: boolean; failSecondInBatch?: boolean };

/** The real D1 binding with faults injected: every statement fails, or a batch's second statement does. */
function faultyD1(real: D1Database, mode: Mode): D1Database {
  const broken = () => real.prepare("SELECT * FROM no_such_table_injected_fault");
  const wrap = <T extends D1Database | D1DatabaseSession>(target: T): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "prepare" && mode.failAll) return () => broken();
        if (prop === "batch") {
          return (statements: D1PreparedStatement[]) => {
            if (mode.failAll) return t.batch([broken()]);
            // The second statement is replaced by one that fails: D1 must roll back the first.
            return t.batch(mode.failSecondInBatch && statements.length > 1 ? [statements[0] as D1PreparedStatement, broken(), ...statements.slice(2)] : statements);
          };
        }
        if (prop === "withSession") return (bookmark?: string) => wrap((t as D1Database).withSession(bookmark));
        const value: unknown = Reflect.get(t, prop, receiver);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  return wrap(real);
}

const callWith = (mode: Mode, path: string, init: RequestInit = {}) => app.request(`http://localhost${path}`, init, { ...env, DB: faultyD1(env.DB, mode) });

describe("D1 failing", () => {
  it("answers a JSON 500 in Slovenian without a stack, SQL or driver message", async () => {
    for (const path of ["/internal-api/v1/marketplace/search?fuel=DIESEL", "/internal-api/v1/manufacturer", "/internal-api/v1/postings/PX1"]) {
      const res = await callWith({ failAll: true }, path);
      expect(res.status, path).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ statusCode: 500, message: "Napaka, prosimo poskusite kasneje." });
      expect(text, path).not.toMatch(/no_such_table|D1_ERROR|SQLITE|select |\bat \S+:\d+|stack/i);
    }
  });

  it("leaves a draft exactly as it was when the second statement of its save fails", async () => {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const vin = `TMBJJ7NE8J${String(1_000_000 + Math.floor(Math.random() * 8_000_000))}`;
    const send = (mode: Mode, method: string, path: string, body?: unknown) =>
      callWith(mode, `/internal-api/v1${path}`, { method, headers: { cookie: seller.cookie, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const created = await send({}, "POST", "/draft", { vin, hiddenVin: false, isPartialVin: false });
    const { code } = (await created.json()) as { code: string };
    const base = { manufacturer: maker.code, model: model.code, modelYear: 2019, odometerKm: 85000, fuel: "DIESEL", priceType: "NORMAL", price: 12490, contactRegion: "LJUBLJANA" };
    expect((await send({}, "POST", `/draft/${code}`, { ...base, equipment: ["PARK_CAMERA"] })).status).toBe(200);

    const failed = await send({ failSecondInBatch: true }, "POST", `/draft/${code}`, { ...base, price: 9990, equipment: ["INNER_HEATED_SEATS", "INNER_NAVIGATION"] });
    expect(failed.status).toBe(500);
    const row = await db().select({ id: postings.id, price: postings.price }).from(postings).where(eq(postings.code, code)).get();
    expect(row?.price).toBe(1_249_000); // the first statement (the price) was rolled back
    const equipment = await db().select({ code: postingEquipment.code }).from(postingEquipment).where(eq(postingEquipment.postingId, row?.id ?? 0)).all();
    expect(equipment.map((e) => e.code)).toEqual(["PARK_CAMERA"]);

    // And the same save goes through once D1 is well again: nothing was lost or left half-done.
    expect((await send({}, "POST", `/draft/${code}`, { ...base, price: 9990, equipment: ["INNER_NAVIGATION"] })).status).toBe(200);
    expect((await db().select({ price: postings.price }).from(postings).where(eq(postings.code, code)).get())?.price).toBe(999_000);
  });
});
