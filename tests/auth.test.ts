import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import type { Me } from "~/domain/user";
import { safeReturnPath } from "~/domain/return-path";
import { call, json, openEmailLink, signedInUser } from "./fixtures";

type Message = { to: string; subject: string; link: string | null; text: string };

async function lastMailTo(address: string) {
  const messages = (await (await call("/internal-api/v1/dev/outbox")).json()) as Message[];
  const found = messages.find((msg) => msg.to === address);
  if (!found?.link) throw new Error(`no mail to ${address}`);
  return found;
}

describe("e-mail link sign-in", () => {
  it("sends a link (202), which signs in once and returns to the page with success=true", async () => {
    const address = `link-${Date.now()}@primer.si`;
    const res = await call(
      "/internal-api/v1/login/email",
      json({ email: address, redirectUrl: "/iskanje?fuel=DIESEL&success=false&reason=noemail" }),
    );
    expect(res.status).toBe(202);
    const mail = await lastMailTo(address);
    expect(mail.subject).toBe("Prijava v Avtotrg");
    expect(mail.text).toContain("velja 15 minut");
    const open = await openEmailLink(mail.link);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ location: "/iskanje?fuel=DIESEL&success=true" });
    const cookie = open.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/avtotrg_session=[\w-]{20,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = (await (
      await call("/internal-api/v1/me", { headers: { cookie: cookie.split(";")[0] ?? "" } })
    ).json()) as Me;
    expect(me.email).toBe(address);
    expect(me.firstName).toBeNull();
    const again = await openEmailLink(mail.link);
    expect(again.status).toBe(410);
    expect(again.headers.get("set-cookie") ?? "").not.toContain("avtotrg_session=");
  });

  it("a new address's link opened twice at once (a double click, two tabs) signs in once; the other tab gets the login again, not an error", async () => {
    const address = `dvojni-${Date.now()}@primer.si`;
    expect((await call("/internal-api/v1/login/email", json({ email: address, redirectUrl: "/" }))).status).toBe(202);
    const link = (await lastMailTo(address)).link;
    const both = await Promise.all([openEmailLink(link), openEmailLink(link)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(both.filter((r) => (r.headers.get("set-cookie") ?? "").includes("avtotrg_session=")).length).toBe(1);
  });

  it("refuses an invalid address with a Slovenian field error and throttles repeated sends", async () => {
    const bad = await call("/internal-api/v1/login/email", json({ email: "ni-naslov" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: { field: string; message: string }[] }).fieldErrors[0]).toMatchObject({
      field: "email",
      message: "Neveljaven naslov elektronske pošte",
    });
    const address = `throttle-${Date.now()}@primer.si`;
    // Each call comes from a client of its own: the address's own budget (decision 036) is what binds.
    const budget = appConfig.limits.signInEmailsPerAddressPerLinkLifetime;
    const windowMs = appConfig.loginLink.expiryMinutes * 60_000;
    // The budget counts per clock-aligned window: never start within 5 s of a window's end.
    if (windowMs - (Date.now() % windowMs) < 5_000)
      await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 50));
    for (let i = 0; i < budget; i++)
      expect((await call("/internal-api/v1/login/email", json({ email: address }))).status).toBe(202);
    const over = await call("/internal-api/v1/login/email", json({ email: address }));
    expect(over.status).toBe(429);
  });

  it("never returns to another site", () => {
    expect(safeReturnPath("https://zlobno.example/")).toBe("/");
    expect(safeReturnPath("//zlobno.example/x")).toBe("/");
    expect(safeReturnPath("/\\zlobno.example")).toBe("/");
    expect(safeReturnPath("/oglas/5?success=true#slike")).toBe("/oglas/5#slike");
  });

  it("answers an unknown or malformed token: GET leads to the confirmation page, which finds no link, and a POST is 410 or 400", async () => {
    const res = await call("/internal-api/v1/login/email/verify?token=%3Cscript%3E", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/prijava/potrditev?token=%3Cscript%3E");
    expect((await call("/internal-api/v1/login/email/link?token=%3Cscript%3E")).status).toBe(404);
    expect((await openEmailLink("http://localhost/prijava/potrditev?token=%3Cscript%3E")).status).toBe(410);
    expect((await call("/internal-api/v1/login/email/verify", json({ token: 5 }))).status).toBe(400);
  });

  it("logs out: the session no longer works", async () => {
    const { cookie } = await signedInUser();
    await call("/internal-api/v1/logout", { method: "POST", headers: { cookie } });
    expect((await call("/internal-api/v1/me", { headers: { cookie } })).status).toBe(401);
  });
});
