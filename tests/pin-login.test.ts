import { describe, expect, it } from "vitest";
import { call, json, signedInUser } from "./fixtures";

let n = 0;
/** A legacy phone-only user (registered before 22 July 2025, no e-mail) with a fresh number. */
async function legacyUser(overrides: { email?: string | null; registeredAt?: string } = {}) {
  const local = `41${String(700000 + (Date.now() % 100000) + n++).slice(-6)}`;
  await signedInUser({
    phoneNumber: `+386${local}`,
    email: overrides.email ?? null,
    registeredAt: overrides.registeredAt ?? "2024-03-14T09:30:00.000Z",
  });
  return { typed: `0${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`, canonical: `+386${local}` };
}

async function lastPin(canonical: string) {
  const box = (await (await call("/internal-api/v1/dev/outbox")).json()) as {
    to: string;
    channel: string;
    pin: string | null;
    text: string;
  }[];
  const sms = box.find((m) => m.channel === "sms" && m.to === canonical);
  if (!sms?.pin) throw new Error("no PIN sent");
  expect(sms.text).toContain(sms.pin);
  return sms.pin;
}
const wrong = (pin: string) => String((Number(pin) + 1) % 100000).padStart(5, "0");

describe("legacy phone sign-in with a PIN", () => {
  it("sends a 5-digit code, refuses a wrong one with 401, signs in with the right one once", async () => {
    const phone = await legacyUser();
    const sent = await call(`/internal-api/v1/login?number=${encodeURIComponent(phone.typed)}`);
    expect(sent.status).toBe(202);
    // The code is bound to the browser that asked for it (decision 036): its cookie goes with the sign-in.
    const browser = sent.headers
      .getSetCookie()
      .find((c) => c.startsWith("avtotrg_pin="))
      ?.split(";")[0];
    const pin = await lastPin(phone.canonical);
    expect(pin).toMatch(/^\d{5}$/);
    const bad = await call("/internal-api/v1/login", json({ phoneNumber: phone.typed, pin: wrong(pin) }, browser));
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message: string }).message).toBe("Vnesena koda ni pravilna.");
    const ok = await call("/internal-api/v1/login", json({ phoneNumber: phone.typed, pin }, browser));
    expect(ok.status).toBe(200);
    const cookie =
      ok.headers
        .getSetCookie()
        .find((c) => c.startsWith("avtotrg_session="))
        ?.split(";")[0] ?? "";
    expect((await call("/internal-api/v1/me", { headers: { cookie } })).status).toBe(200);
    expect((await call("/internal-api/v1/login", json({ phoneNumber: phone.typed, pin }, browser))).status).toBe(404);
  });

  it("answers 404 without a code, 445 for an unknown number and 446 for migrated accounts", async () => {
    const phone = await legacyUser();
    expect((await call("/internal-api/v1/login", json({ phoneNumber: phone.typed, pin: "12345" }))).status).toBe(404);
    expect((await call("/internal-api/v1/login", json({ phoneNumber: "070 000 001", pin: "12345" }))).status).toBe(445);
    const migrated = await legacyUser({ email: `prenesen-${Date.now()}@primer.si` });
    const res = await call("/internal-api/v1/login", json({ phoneNumber: migrated.typed, pin: "12345" }));
    expect(res.status).toBe(446);
    expect(((await res.json()) as { message: string }).message).toMatch(/že prenesen/);
    const recent = await legacyUser({ registeredAt: "2025-08-01T10:00:00.000Z" });
    expect((await call("/internal-api/v1/login", json({ phoneNumber: recent.typed, pin: "12345" }))).status).toBe(446);
  });

  it("throttles code sends per number (429)", async () => {
    const phone = await legacyUser();
    for (let i = 0; i < 3; i++)
      expect((await call(`/internal-api/v1/login?number=${encodeURIComponent(phone.canonical)}`)).status).toBe(202);
    expect((await call(`/internal-api/v1/login?number=${encodeURIComponent(phone.canonical)}`)).status).toBe(429);
  });

  it("validates the number (Slovenian mobile only) and the PIN (exactly 5 digits)", async () => {
    const landline = await call("/internal-api/v1/login?number=01%20234%2056%2078");
    expect(landline.status).toBe(400);
    expect(((await landline.json()) as { fieldErrors: { message: string }[] }).fieldErrors[0]?.message).toBe(
      "Dovoljene so le slovenske mobilne številke.",
    );
    const pin = await call("/internal-api/v1/login", json({ phoneNumber: "041 123 456", pin: "12a4" }));
    expect(pin.status).toBe(400);
    expect(((await pin.json()) as { fieldErrors: { field: string; message: string }[] }).fieldErrors).toEqual([
      { field: "pin", kind: "INVALID", message: "Koda mora imeti 5 številk." },
    ]);
  });
});

describe("cross-site writes", () => {
  it("refuses a state-changing request from another site, allows our own and server-side callers", async () => {
    const { cookie } = await signedInUser();
    const evil = await call("/internal-api/v1/logout", {
      method: "POST",
      headers: { cookie, origin: "https://zlobno.example" },
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { message: string }).message).toBe("Zahteva z druge spletne strani ni dovoljena.");
    expect((await call("/internal-api/v1/me", { headers: { cookie } })).status).toBe(200);
    expect(
      (await call("/internal-api/v1/logout", { method: "POST", headers: { cookie, origin: "http://localhost" } }))
        .status,
    ).toBe(204);
  });
});
