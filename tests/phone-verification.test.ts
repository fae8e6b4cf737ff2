import { describe, expect, it } from "vitest";
import type { Me } from "~/domain/user";
import { call, json, signedInUser, signedInUserWithPhone } from "./fixtures";

let n = 0;
const freshNumber = () => `070${String(100000 + ((Date.now() + n++ * 7919) % 900000)).slice(-6)}`;

async function smsPinTo(canonical: string) {
  const box = (await (await call("/internal-api/v1/dev/outbox")).json()) as {
    to: string;
    channel: string;
    pin: string | null;
  }[];
  const pin = box.find((m) => m.channel === "sms" && m.to === canonical)?.pin;
  if (!pin) throw new Error("no code sent");
  return pin;
}

describe("verify-phone", () => {
  it("adds a number: a code by SMS, a wrong code refused, the right one saves the verified phone", async () => {
    const { cookie } = await signedInUser({ phoneNumber: null });
    expect(((await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me).registrationStatus).toBe(
      "MISSINGPHONE",
    );
    const typed = freshNumber();
    const canonical = `+386${typed.slice(1)}`;
    expect((await call("/internal-api/v1/me/phone", json({ phoneNumber: typed }, cookie))).status).toBe(202);
    const pin = await smsPinTo(canonical);
    const wrong = String((Number(pin) + 1) % 100000).padStart(5, "0");
    expect(
      (await call("/internal-api/v1/me/phone/verify", json({ phoneNumber: typed, pin: wrong }, cookie))).status,
    ).toBe(401);
    const ok = await call("/internal-api/v1/me/phone/verify", json({ phoneNumber: typed, pin }, cookie));
    expect(ok.status).toBe(200);
    expect((await ok.json()) as Me).toMatchObject({ phoneNumber: canonical, registrationStatus: "COMPLETE" });
    expect(((await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me).phoneNumber).toBe(
      canonical,
    );
  });

  it("answers the first step the same for a number with and without an account (rule 12); 409 only after the right code, and needs a session", async () => {
    const owner = await signedInUserWithPhone();
    const { cookie } = await signedInUser({ phoneNumber: null });
    const taken = await call("/internal-api/v1/me/phone", json({ phoneNumber: owner.user.phoneNumber }, cookie));
    const free = await call(
      "/internal-api/v1/me/phone",
      json({ phoneNumber: `+38651${String(Date.now() + 1).slice(-6)}` }, cookie),
    );
    expect([taken.status, await taken.text()]).toEqual([free.status, await free.text()]);
    expect(taken.status).toBe(202);
    // Whoever holds that phone (and so the code) learns that it is taken; nobody else does.
    const res = await call(
      "/internal-api/v1/me/phone/verify",
      json({ phoneNumber: owner.user.phoneNumber, pin: await smsPinTo(owner.user.phoneNumber ?? "") }, cookie),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Ta telefonska številka je že povezana z drugim računom.",
    );
    expect((await call("/internal-api/v1/me/phone", json({ phoneNumber: "041 111 222" }))).status).toBe(401);
  });
});
