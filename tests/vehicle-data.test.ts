import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "~/api/env";
import { handleError } from "~/api/errors";
import { requestContext } from "~/api/middleware/context";
import { modelRoutes, trimRoutes, vinRoutes } from "~/api/routes/vehicle-data";
import { baseModels, manufacturers, modelSeries, trims, vinWmi } from "~/db/schema/catalogue";
import type { TrimDetail, VinDecode } from "~/db/vehicle-data.server";
import type { TrimOption } from "~/domain/trim";
import type { ErrorBody } from "~/domain/errors";
import { db } from "./fixtures";

// A minimal app around the vehicle-data routes, mounted by resource as in src/api/app.ts.
const app = new Hono<ApiEnv>()
  .use(requestContext)
  .route("/internal-api/v1/vin", vinRoutes)
  .route("/internal-api/v1/trims", trimRoutes)
  .route("/internal-api/v1/models", modelRoutes);
app.onError(handleError);

const call = (path: string, init: RequestInit = {}) =>
  app.request(`http://localhost/internal-api/v1${path}`, init, env);
const put = (body: unknown): RequestInit => ({
  method: "PUT",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const vinInvalid = "Številka šasije ni veljavna.";
const noVinResults = "Številke šasije ni v sistemu. Nadaljujte z ročnim vnosom.";

let counter = 0;
const vinChars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
/** A WMI no other call (or test file) uses: "X" + two counter characters. */
function uniqueWmi(): string {
  const n = counter++;
  return `X${vinChars[Math.floor(n / vinChars.length) % vinChars.length]}${vinChars[n % vinChars.length]}`;
}
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A VIN of `wmi` whose 10th character is `yearCode`. */
const vinOf = (wmi: string, yearCode: string) => `${wmi}ZZZ1KZ${yearCode}W123456`;

type TrimSpec = { name: string; yearFrom: number | null; yearTo: number | null };

/**
 * A make with a WMI, base models Golf (series VII 2012–2020 and VIII 2019–) and Polo (VI 2017–),
 * plus a second make with its own WMI and one trim.
 */
async function catalog() {
  const d = db();
  const code = `vd-${unique()}`;
  const [make] = await d
    .insert(manufacturers)
    .values({ code, name: `Volkswagen ${code}` })
    .returning();
  const [other] = await d
    .insert(manufacturers)
    .values({ code: `${code}-x`, name: `Drugi ${code}` })
    .returning();
  if (!make || !other) throw new Error("manufacturer not inserted");
  const wmi = uniqueWmi();
  const otherWmi = uniqueWmi();
  await d.insert(vinWmi).values([
    { wmi, manufacturerId: make.id },
    { wmi: otherWmi, manufacturerId: other.id },
  ]);
  const models = await d
    .insert(baseModels)
    .values([
      { manufacturerId: make.id, code: "golf", name: "Golf" },
      { manufacturerId: make.id, code: "polo", name: "Polo" },
      { manufacturerId: other.id, code: "golf", name: "Golf" },
    ])
    .returning();
  const [golf, polo, otherGolf] = models;
  if (!golf || !polo || !otherGolf) throw new Error("models not inserted");
  const series = await d
    .insert(modelSeries)
    .values([
      {
        manufacturerId: make.id,
        baseModelId: golf.id,
        code: "golf-7",
        name: "Golf VII",
        yearFrom: 2012,
        yearTo: 2020,
        bodyTypes: ["HATCHBACK"],
      },
      {
        manufacturerId: make.id,
        baseModelId: golf.id,
        code: "golf-8",
        name: "Golf VIII",
        yearFrom: 2019,
        yearTo: null,
        bodyTypes: ["HATCHBACK"],
      },
      {
        manufacturerId: make.id,
        baseModelId: polo.id,
        code: "polo-6",
        name: "Polo VI",
        yearFrom: 2017,
        yearTo: null,
        bodyTypes: ["HATCHBACK"],
      },
      {
        manufacturerId: other.id,
        baseModelId: otherGolf.id,
        code: "golf-x",
        name: "Golf X",
        yearFrom: 2000,
        yearTo: null,
        bodyTypes: [],
      },
    ])
    .returning();
  const [golf7, golf8, polo6, golfX] = series;
  if (!golf7 || !golf8 || !polo6 || !golfX) throw new Error("series not inserted");
  const trim = async (seriesId: number, t: TrimSpec, extra: Partial<typeof trims.$inferInsert> = {}) => {
    const [row] = await d
      .insert(trims)
      .values({
        seriesId,
        ...t,
        powerKw: 85,
        fuel: "DIESEL",
        displacementCcm: 1968,
        transmission: "M",
        bodyType: "HATCHBACK",
        doors: 5,
        seats: 5,
        ...extra,
      })
      .returning();
    if (!row) throw new Error("trim not inserted");
    return row;
  };
  const t = {
    golf7Tdi16: await trim(golf7.id, { name: "1.6 TDI", yearFrom: 2012, yearTo: 2017 }),
    golf7Tdi20: await trim(
      golf7.id,
      { name: "2.0 TDI", yearFrom: 2013, yearTo: 2020 },
      { powerKw: 110, driveWheels: "FRONT", co2: 119, euroStandard: "6", consumptionCombined: 4.5 },
    ),
    golf7Tsi10: await trim(
      golf7.id,
      { name: "1.0 TSI", yearFrom: null, yearTo: null },
      { fuel: "PETROL", displacementCcm: 999 },
    ),
    golf8Etsi: await trim(
      golf8.id,
      { name: "1.5 eTSI", yearFrom: 2020, yearTo: null },
      { fuel: "PETROL", transmission: "A" },
    ),
    golf8Tdi20: await trim(golf8.id, { name: "2.0 TDI", yearFrom: 2019, yearTo: null }),
    polo6Mpi: await trim(polo6.id, { name: "1.0 MPI", yearFrom: 2017, yearTo: null }, { fuel: "PETROL" }),
    otherTrim: await trim(golfX.id, { name: "Tuja izvedba", yearFrom: null, yearTo: null }),
  };
  return { make, other, wmi, otherWmi, golf, polo, series: { golf7, golf8, polo6, golfX }, trims: t };
}

async function errorOf(res: Response) {
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as ErrorBody;
}

describe("GET vin/:vin", () => {
  it("decodes make, model year and the make's trims built in that year, ordered by model, series and trim", async () => {
    const c = await catalog();
    const res = await call(`/vin/${vinOf(c.wmi, "J")}`); // J = 2018
    expect(res.status).toBe(200);
    const body = (await res.json()) as VinDecode;
    expect(body.vin).toBe(vinOf(c.wmi, "J"));
    expect(body.manufacturer).toEqual({ code: c.make.code, name: c.make.name });
    expect(body.modelYear).toBe(2018);
    // 1.6 TDI ended 2017 and Golf VIII started 2019; the other make's trim never shows.
    expect(body.trims.map((t) => [t.seriesName, t.name])).toEqual([
      ["Golf VII", "1.0 TSI"],
      ["Golf VII", "2.0 TDI"],
      ["Polo VI", "1.0 MPI"],
    ]);
    expect(body.trims[1]).toEqual({
      id: c.trims.golf7Tdi20.id,
      name: "2.0 TDI",
      manufacturerCode: c.make.code,
      manufacturerName: c.make.name,
      modelCode: "golf",
      modelName: "Golf",
      seriesName: "Golf VII",
      yearFrom: 2013,
      yearTo: 2020,
      powerKw: 110,
      fuel: "DIESEL",
      displacementCcm: 1968,
      transmission: "M",
      bodyType: "HATCHBACK",
      doors: 5,
      seats: 5,
    } satisfies TrimOption);
  });

  it("filters by the trim's own years as well as the series' years", async () => {
    const c = await catalog();
    const body = (await (await call(`/vin/${vinOf(c.wmi, "M")}`)).json()) as VinDecode; // M = 2021
    expect(body.modelYear).toBe(2021);
    expect(body.trims.map((t) => [t.seriesName, t.name])).toEqual([
      ["Golf VIII", "1.5 eTSI"],
      ["Golf VIII", "2.0 TDI"],
      ["Polo VI", "1.0 MPI"],
    ]);
    const in2019 = (await (await call(`/vin/${vinOf(c.wmi, "K")}`)).json()) as VinDecode; // K = 2019
    expect(in2019.trims.map((t) => [t.seriesName, t.name])).toEqual([
      ["Golf VII", "1.0 TSI"],
      ["Golf VII", "2.0 TDI"],
      ["Golf VIII", "2.0 TDI"],
      ["Polo VI", "1.0 MPI"],
    ]);
  });

  it("normalises a VIN typed with spaces, dashes and lower case", async () => {
    const c = await catalog();
    const typed = `${c.wmi.toLowerCase()}-zzz1kz j-w123456`;
    const res = await call(`/vin/${encodeURIComponent(typed)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as VinDecode;
    expect(body.vin).toBe(vinOf(c.wmi, "J"));
    expect(body.modelYear).toBe(2018);
  });

  it("offers every trim of the make when the 10th character encodes no year", async () => {
    const c = await catalog();
    const body = (await (await call(`/vin/${vinOf(c.wmi, "Z")}`)).json()) as VinDecode;
    expect(body.modelYear).toBeNull();
    expect(body.trims.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      [
        c.trims.golf7Tdi16,
        c.trims.golf7Tdi20,
        c.trims.golf7Tsi10,
        c.trims.golf8Etsi,
        c.trims.golf8Tdi20,
        c.trims.polo6Mpi,
      ]
        .map((t) => t.id)
        .sort((a, b) => a - b),
    );
  });

  it("offers at most 50 trims", async () => {
    const c = await catalog();
    const many = Array.from({ length: 60 }, (_, i) => ({
      seriesId: c.series.polo6.id,
      name: `Izvedba ${String(i).padStart(2, "0")}`,
    }));
    for (let i = 0; i < many.length; i += 20)
      await db()
        .insert(trims)
        .values(many.slice(i, i + 20));
    const body = (await (await call(`/vin/${vinOf(c.wmi, "J")}`)).json()) as VinDecode;
    expect(body.trims).toHaveLength(50);
  });

  it("answers a malformed VIN with a 400 INVALID field error in Slovenian", async () => {
    for (const bad of ["WVWZZZ1KZ8W12345", "WVWZZZ1KZ8W1234567", "WVWZZZ1KZ8W12345O", "WVWZZZ1KZ8W1234!6"]) {
      const res = await call(`/vin/${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      const body = await errorOf(res);
      expect(body.message).toBe(vinInvalid);
      expect(body.fieldErrors).toEqual([{ field: "vin", kind: "INVALID", message: vinInvalid }]);
    }
  });

  it("answers a well-formed VIN of an unknown manufacturer with the spec's 404", async () => {
    const res = await call(`/vin/${vinOf("ZZZ", "J")}`);
    expect(res.status).toBe(404);
    const body = await errorOf(res);
    expect(body).toEqual({
      message: noVinResults,
      statusCode: 404,
      fieldErrors: [],
      errors: [{ message: noVinResults }],
    });
  });
});

describe("GET vin/:vin/:trim", () => {
  it("answers the trim's full detail when it belongs to the VIN's make", async () => {
    const c = await catalog();
    const res = await call(`/vin/${vinOf(c.wmi, "J")}/${c.trims.golf7Tdi20.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: c.trims.golf7Tdi20.id,
      name: "2.0 TDI",
      manufacturerCode: c.make.code,
      manufacturerName: c.make.name,
      modelCode: "golf",
      modelName: "Golf",
      seriesName: "Golf VII",
      seriesCode: "golf-7",
      yearFrom: 2013,
      yearTo: 2020,
      powerKw: 110,
      fuel: "DIESEL",
      displacementCcm: 1968,
      transmission: "M",
      driveWheels: "FRONT",
      bodyType: "HATCHBACK",
      doors: 5,
      seats: 5,
      consumptionCombined: 4.5,
      co2: 119,
      euroStandard: "6",
      batteryKwh: null,
      rangeKm: null,
    } satisfies TrimDetail);
  });

  it("answers 404 for another make's trim, a missing trim and an unknown WMI", async () => {
    const c = await catalog();
    const foreign = await call(`/vin/${vinOf(c.wmi, "J")}/${c.trims.otherTrim.id}`);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe("Izvedba ne obstaja.");
    expect((await call(`/vin/${vinOf(c.wmi, "J")}/999999999`)).status).toBe(404);
    // The other make's own VIN does reach its trim.
    expect((await call(`/vin/${vinOf(c.otherWmi, "J")}/${c.trims.otherTrim.id}`)).status).toBe(200);
    const unknown = await call(`/vin/${vinOf("ZZZ", "J")}/${c.trims.golf7Tdi20.id}`);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(noVinResults);
  });

  it("validates the VIN and the trim id", async () => {
    const c = await catalog();
    const badVin = await errorOf(await call(`/vin/KRATEK/${c.trims.golf7Tdi20.id}`));
    expect(badVin.fieldErrors).toEqual([{ field: "vin", kind: "INVALID", message: vinInvalid }]);
    const res = await call(`/vin/${vinOf(c.wmi, "J")}/abc`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fieldErrors).toEqual([
      { field: "trim", kind: "INVALID", message: "Neveljavna oznaka izvedbe." },
    ]);
    expect((await call(`/vin/${vinOf(c.wmi, "J")}/0`)).status).toBe(400);
  });
});

describe("PUT trims/search", () => {
  it("answers the model's trims built in the year of first registration", async () => {
    const c = await catalog();
    const res = await call(
      "/trims/search",
      put({ manufacturer: c.make.code, model: "golf", firstRegistrationDate: "2018-05" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as TrimOption[];
    expect(body.map((t) => [t.seriesName, t.name])).toEqual([
      ["Golf VII", "1.0 TSI"],
      ["Golf VII", "2.0 TDI"],
    ]);
    expect(body.every((t) => t.modelCode === "golf" && t.manufacturerCode === c.make.code)).toBe(true);
    const in2016 = (await (
      await call("/trims/search", put({ manufacturer: c.make.code, model: "golf", firstRegistrationDate: "2016-01" }))
    ).json()) as TrimOption[];
    expect(in2016.map((t) => t.name)).toEqual(["1.0 TSI", "1.6 TDI", "2.0 TDI"]);
  });

  it("answers every trim of the model without a date", async () => {
    const c = await catalog();
    const body = (await (
      await call("/trims/search", put({ manufacturer: c.make.code, model: "golf" }))
    ).json()) as TrimOption[];
    expect(body.map((t) => [t.seriesName, t.name])).toEqual([
      ["Golf VII", "1.0 TSI"],
      ["Golf VII", "1.6 TDI"],
      ["Golf VII", "2.0 TDI"],
      ["Golf VIII", "1.5 eTSI"],
      ["Golf VIII", "2.0 TDI"],
    ]);
    // Same base model code under another make is a different model.
    const other = (await (
      await call("/trims/search", put({ manufacturer: c.other.code, model: "golf" }))
    ).json()) as TrimOption[];
    expect(other.map((t) => t.id)).toEqual([c.trims.otherTrim.id]);
  });

  it("answers at most 200 trims", async () => {
    const c = await catalog();
    const many = Array.from({ length: 210 }, (_, i) => ({
      seriesId: c.series.polo6.id,
      name: `Izvedba ${String(i).padStart(3, "0")}`,
    }));
    for (let i = 0; i < many.length; i += 30)
      await db()
        .insert(trims)
        .values(many.slice(i, i + 30));
    const body = (await (
      await call("/trims/search", put({ manufacturer: c.make.code, model: "polo" }))
    ).json()) as TrimOption[];
    expect(body).toHaveLength(200);
  });

  it("answers an unknown make or model with a 404", async () => {
    const c = await catalog();
    const res = await call("/trims/search", put({ manufacturer: c.make.code, model: "passat" }));
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Model ne obstaja.");
    expect((await call("/trims/search", put({ manufacturer: "ne-obstaja", model: "golf" }))).status).toBe(404);
  });

  it("validates the body with Slovenian field errors", async () => {
    const c = await catalog();
    const badDate = await call(
      "/trims/search",
      put({ manufacturer: c.make.code, model: "golf", firstRegistrationDate: "2018-13" }),
    );
    expect(badDate.status).toBe(400);
    expect((await errorOf(badDate)).fieldErrors).toEqual([
      {
        field: "firstRegistrationDate",
        kind: "INVALID",
        message: "Datum prve registracije mora biti v obliki LLLL-MM.",
      },
    ]);
    const missing = await errorOf(await call("/trims/search", put({ model: "golf" })));
    expect(missing.statusCode).toBe(400);
    expect(missing.fieldErrors).toEqual([{ field: "manufacturer", kind: "MISSING", message: "Izberite znamko." }]);
    const badCode = await errorOf(await call("/trims/search", put({ manufacturer: "VW!", model: "golf" })));
    expect(badCode.fieldErrors).toEqual([
      { field: "manufacturer", kind: "INVALID", message: "Neveljavna oznaka znamke." },
    ]);
  });
});

describe("GET models/:manufacturerCode/:modelFamilyId/:trim", () => {
  it("answers the trim's detail within the make and base model", async () => {
    const c = await catalog();
    const res = await call(`/models/${c.make.code}/polo/${c.trims.polo6Mpi.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: c.trims.polo6Mpi.id,
      name: "1.0 MPI",
      modelCode: "polo",
      modelName: "Polo",
      seriesName: "Polo VI",
      seriesCode: "polo-6",
      fuel: "PETROL",
    });
  });

  it("answers 404 when the trim is of another model or make", async () => {
    const c = await catalog();
    const wrongModel = await call(`/models/${c.make.code}/golf/${c.trims.polo6Mpi.id}`);
    expect(wrongModel.status).toBe(404);
    expect((await errorOf(wrongModel)).message).toBe("Izvedba ne obstaja.");
    expect((await call(`/models/${c.other.code}/golf/${c.trims.golf7Tdi20.id}`)).status).toBe(404);
    expect((await call(`/models/${c.make.code}/golf/999999999`)).status).toBe(404);
  });

  it("validates the path", async () => {
    const c = await catalog();
    const res = await call(`/models/${c.make.code}/Golf%20VII/${c.trims.golf7Tdi20.id}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fieldErrors).toEqual([
      { field: "modelFamilyId", kind: "INVALID", message: "Neveljavna oznaka modela." },
    ]);
    expect((await call(`/models/${c.make.code}/golf/x1`)).status).toBe(400);
  });
});
