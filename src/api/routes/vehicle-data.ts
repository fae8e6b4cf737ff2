import { Hono } from "hono";
import { decodeVin, findTrimDetail, searchTrims } from "~/db/vehicle-data.server";
import { notFound } from "~/domain/errors";
import { vinSchema } from "~/domain/validators";
import { noVinResultsMessage } from "~/domain/vin";
import { z } from "~/domain/zod-locale";
import type { ApiEnv } from "../env";
import { validate } from "../validate";
import { listBaseModels } from "~/db/catalog.server";

const codePattern = /^[a-z0-9-]{1,40}$/;
const manufacturerCode = z.string({ error: "Izberite znamko." }).regex(codePattern, "Neveljavna oznaka znamke.");
const modelCode = z.string({ error: "Izberite model." }).regex(codePattern, "Neveljavna oznaka modela.");
const trimId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Neveljavna oznaka izvedbe.")
  .transform(Number);

const manufacturerCodeParam = z.object({
  manufacturerCode: z.string().regex(/^[a-z0-9-]{1,40}$/, "Neveljavna oznaka znamke."),
});
const vinParam = z.object({ vin: vinSchema });
const vinTrimParam = z.object({ vin: vinSchema, trim: trimId });
const modelTrimParam = z.object({ manufacturerCode, modelFamilyId: modelCode, trim: trimId });
const trimSearchBody = z.object({
  manufacturer: manufacturerCode,
  model: modelCode,
  firstRegistrationDate: z
    .string({ error: "Datum prve registracije mora biti v obliki LLLL-MM." })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Datum prve registracije mora biti v obliki LLLL-MM.")
    .optional(),
});

const trimNotFound = "Izvedba ne obstaja.";

export const vinRoutes = new Hono<ApiEnv>()
  // Offline VIN decode: make from the WMI, model year from the 10th character, plausible trims.
  .get("/:vin", validate("param", vinParam), async (c) => {
    const decoded = await decodeVin(c.get("db"), c.req.valid("param").vin, new Date());
    if (!decoded.manufacturer) throw notFound(noVinResultsMessage);
    return c.json(decoded);
  })
  // One trim picked after a VIN decode; it must be of the VIN's make.
  .get("/:vin/:trim", validate("param", vinTrimParam), async (c) => {
    const { vin, trim } = c.req.valid("param");
    const decoded = await decodeVin(c.get("db"), vin, new Date());
    if (!decoded.manufacturer) throw notFound(noVinResultsMessage);
    const found = await findTrimDetail(c.get("db"), trim, { manufacturerCode: decoded.manufacturer.code });
    if (!found) throw notFound(trimNotFound);
    return c.json(found);
  });

export const trimRoutes = new Hono<ApiEnv>()
  // Trims of one base model built in the year of first registration (all when no date).
  .put("/search", validate("json", trimSearchBody), async (c) => {
    const body = c.req.valid("json");
    const year = body.firstRegistrationDate ? Number(body.firstRegistrationDate.slice(0, 4)) : null;
    const found = await searchTrims(c.get("db"), { manufacturerCode: body.manufacturer, modelCode: body.model, year });
    if (!found) throw notFound("Model ne obstaja.");
    return c.json(found);
  });

/** `models/{manufacturerCode}` (base models of a make) and one trim within a make and base model. */
export const modelRoutes = new Hono<ApiEnv>()
  .get("/:manufacturerCode", validate("param", manufacturerCodeParam), async (c) => {
    const found = await listBaseModels(c.get("db"), c.req.valid("param").manufacturerCode);
    if (!found) throw notFound("Znamka ne obstaja.");
    return c.json(found.models.map((m) => ({ value: m.code, text: m.name })));
  })
  // One trim within a make and base model (manual entry without a VIN).
  .get("/:manufacturerCode/:modelFamilyId/:trim", validate("param", modelTrimParam), async (c) => {
    const p = c.req.valid("param");
    const found = await findTrimDetail(c.get("db"), p.trim, {
      manufacturerCode: p.manufacturerCode,
      modelCode: p.modelFamilyId,
    });
    if (!found) throw notFound(trimNotFound);
    return c.json(found);
  });
