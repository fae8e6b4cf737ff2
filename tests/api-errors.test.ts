import { describe, expect, it } from "vitest";
import type { ErrorBody } from "~/domain/errors";
import { call, json, signedInUser } from "./fixtures";

async function errorOf(res: Response) {
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as ErrorBody;
}

describe("internal API error shape", () => {
  it("answers an unknown route with a 404 in the spec's error shape", async () => {
    const res = await call("/internal-api/v1/ne-obstaja");
    expect(res.status).toBe(404);
    const body = await errorOf(res);
    expect(body).toEqual({
      message: "Ta pot ne obstaja.",
      statusCode: 404,
      fieldErrors: [],
      errors: [{ message: "Ta pot ne obstaja." }],
    });
  });

  it("answers a wrong method on a known path with a JSON 404, not an HTML page", async () => {
    const res = await call("/internal-api/v1/manufacturer", { method: "DELETE" });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).statusCode).toBe(404);
  });

  it("turns an invalid path parameter into a 400 with an INVALID field error", async () => {
    const res = await call("/internal-api/v1/models/NE%20VELJA!");
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.statusCode).toBe(400);
    expect(body.fieldErrors).toEqual([
      { field: "manufacturerCode", kind: "INVALID", message: "Neveljavna oznaka znamke." },
    ]);
    expect(body.message).toBe("Neveljavna oznaka znamke.");
  });

  it("answers an unknown manufacturer with a Slovenian 404", async () => {
    const res = await call("/internal-api/v1/models/ne-obstaja");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Znamka ne obstaja.");
  });

  it("needs a session for GET me and answers 401 in the error shape", async () => {
    const res = await call("/internal-api/v1/me");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).errors).toEqual([{ message: "Prijava je potrebna." }]);
  });

  it("ignores a malformed session cookie instead of failing", async () => {
    const res = await call("/internal-api/v1/me", { headers: { cookie: "avtotrg_session=' OR 1=1 --" } });
    expect(res.status).toBe(401);
  });
});

describe("bad input to a JSON route (POST me)", () => {
  it("answers malformed JSON with a 400 in Slovenian, never a 500", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/internal-api/v1/me", json("{ ni json", cookie));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Telo zahteve ni veljaven JSON.");
  });

  it("marks missing fields MISSING and wrong types INVALID", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/internal-api/v1/me", json({ lastName: 42 }, cookie));
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.fieldErrors).toEqual([
      { field: "firstName", kind: "MISSING", message: "Vnesite ime (vsaj 2 znaka)." },
      { field: "lastName", kind: "INVALID", message: "Vnesite priimek (vsaj 2 znaka)." },
    ]);
  });

  it("refuses too-long strings and one-letter names with field messages", async () => {
    const { cookie } = await signedInUser();
    const res = await call("/internal-api/v1/me", json({ firstName: "A", lastName: "x".repeat(500) }, cookie));
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.fieldErrors.map((f) => [f.field, f.message])).toEqual([
      ["firstName", "Vnesite ime (vsaj 2 znaka)."],
      ["lastName", "Vnos je predolg."],
    ]);
  });

  it("refuses a body over the size limit with 413", async () => {
    const { cookie } = await signedInUser();
    const res = await call(
      "/internal-api/v1/me",
      json({ firstName: "Ana", lastName: "x".repeat(17 * 1024 * 1024) }, cookie),
    );
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe("Zahteva je prevelika.");
  });

  it("saves a valid profile and answers with the updated profile; nothing else changes", async () => {
    const { cookie, user } = await signedInUser({ firstName: null, lastName: null, email: "profil@primer.si" });
    const res = await call(
      "/internal-api/v1/me",
      json({ firstName: "  Mojca ", lastName: "Kovač", email: "drug@primer.si", amzsMembershipNumber: "" }, cookie),
    );
    expect(res.status).toBe(200);
    const me = (await res.json()) as {
      id: number;
      firstName: string;
      lastName: string;
      email: string;
      amzsMembershipNumber: string | null;
    };
    expect(me).toMatchObject({
      id: user.id,
      firstName: "Mojca",
      lastName: "Kovač",
      email: "profil@primer.si",
      amzsMembershipNumber: null,
    });
    const again = (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as { firstName: string };
    expect(again.firstName).toBe("Mojca");
  });

  it("refuses a profile update without a session", async () => {
    const res = await call("/internal-api/v1/me", json({ firstName: "Ana", lastName: "Novak" }));
    expect(res.status).toBe(401);
  });
});
