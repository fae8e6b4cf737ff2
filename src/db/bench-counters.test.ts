import { describe, expect, it } from "vitest";
import { benchCountersEnabled, benchCountersOn, countedD1, countRequest, countsOf } from "./bench-counters.server";

/** A D1 client that answers every statement after a tick, as a network round trip would. */
function fakeD1() {
  const ran: string[] = [];
  const statement = (sql: string): D1PreparedStatement =>
    ({
      bind: () => statement(sql),
      all: async () => {
        ran.push(sql);
        return { results: [] };
      },
      first: async () => {
        ran.push(sql);
        return null;
      },
      run: async () => {
        ran.push(sql);
        return { success: true };
      },
      raw: async () => {
        ran.push(sql);
        return [];
      },
    }) as unknown as D1PreparedStatement;
  const client = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: D1PreparedStatement[]) => {
      // The real batch must get the client's own statements, not the counting wrappers.
      for (const s of statements) expect(s).not.toHaveProperty("real");
      ran.push(`batch of ${statements.length}`);
      return [];
    },
  };
  return { client, ran };
}

describe("D1 round trips counted per request (bench runs only)", () => {
  it("is off unless the Worker's BENCH_COUNTERS is on", () => {
    expect(benchCountersOn({})).toBe(false);
    expect(benchCountersEnabled()).toBe(false);
    expect(benchCountersOn({ BENCH_COUNTERS: "yes" })).toBe(false);
    expect(benchCountersOn({ BENCH_COUNTERS: "on" })).toBe(true);
    expect(benchCountersOn({})).toBe(false);
  });

  it("counts a batch as one round trip of n statements, and what runs after the response apart", async () => {
    const { client, ran } = fakeD1();
    const db = countedD1(client);
    let later: Promise<unknown> = Promise.resolve();
    await countRequest("r1", async () => {
      await db.prepare("SELECT 1").bind(1).first();
      await db.batch([db.prepare("SELECT 2").bind(2), db.prepare("SELECT 3")]);
      // Work left for after the response (as waitUntil does).
      later = new Promise((r) => setTimeout(r, 5)).then(() => db.prepare("UPDATE views").run());
      return new Response("ok");
    });
    await later;
    expect(ran).toEqual(["SELECT 1", "batch of 2", "UPDATE views"]);
    expect(countsOf("r1")).toMatchObject({ roundTrips: 3, statements: 4, beforeFirstByte: 2 });
    expect(countsOf("r1")?.sql).toEqual(["SELECT 1", "SELECT 2", "SELECT 3", "UPDATE views"]);
  });

  it("keeps two parallel requests' counts apart, and counts nothing outside a request", async () => {
    const { client } = fakeD1();
    const db = countedD1(client);
    await db.prepare("SELECT outside").all();
    await Promise.all([
      countRequest("a", async () => {
        await db.prepare("SELECT a1").all();
        await db.prepare("SELECT a2").all();
        return new Response("a");
      }),
      countRequest("b", async () => {
        await db.prepare("SELECT b1").raw();
        return new Response("b");
      }),
    ]);
    expect(countsOf("a")).toMatchObject({ roundTrips: 2, sql: ["SELECT a1", "SELECT a2"] });
    expect(countsOf("b")).toMatchObject({ roundTrips: 1, sql: ["SELECT b1"] });
    expect(countsOf("never")).toBeNull();
  });
});
