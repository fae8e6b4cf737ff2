import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import type { Me } from "~/domain/user";
import { call, db, json, signedInUser, signedInUserWithPhone } from "./fixtures";

/** Applies a response's Set-Cookie headers to a cookie jar (name → value). */
function applyCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const [name = "", value = ""] = pair.split("=");
    if (/Max-Age=0/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
const me = async (cookie: string) => (await (await call("/internal-api/v1/me", { headers: { cookie } })).json()) as Me;

describe("impersonation", () => {
  it("lets an admin use another account, audits it, and stops back to the admin's own session", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const target = await signedInUserWithPhone({ firstName: "Tina" });
    const { phone } = target;
    const jar = new Map([["avtotrg_session", admin.token]]);

    const start = await call(`/impersonate/${encodeURIComponent(phone)}`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(start.status).toBe(200);
    const cookie = applyCookies(jar, start);
    const asTarget = await me(cookie);
    expect(asTarget).toMatchObject({ id: target.user.id, impersonated: true });
    expect(await (await call("/is-impersonated", { method: "POST", headers: { cookie } })).json()).toEqual({
      impersonated: true,
    });

    // A change made while impersonating is written to the audit log under the admin.
    expect((await call("/internal-api/v1/saved-searches", json({ name: "Revizija", query: "" }, cookie))).status).toBe(
      201,
    );
    const rows = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(3).all();
    expect(rows.map((r) => [r.actorUserId, r.impersonatedUserId, r.action])).toEqual(
      expect.arrayContaining([
        [admin.user.id, target.user.id, "POST /internal-api/v1/saved-searches"],
        [admin.user.id, target.user.id, "impersonate.start"],
      ]),
    );

    const stop = await call("/stop-impersonation", { method: "POST", headers: { cookie } });
    expect(stop.status).toBe(200);
    const back = applyCookies(jar, stop);
    expect(await me(back)).toMatchObject({ id: admin.user.id, impersonated: false });
    expect((await call("/stop-impersonation", { method: "POST", headers: { cookie: back } })).status).toBe(400);
  });

  it("stops back on the users list it started from, its search kept; a forged return path becomes the plain list", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const target = await signedInUser({ firstName: "Vrnitev" });
    const start = async (returnTo: string | null) => {
      const jar = new Map([["avtotrg_session", admin.token]]);
      const query = returnTo === null ? "" : `?returnTo=${encodeURIComponent(returnTo)}`;
      const res = await call(`/impersonate/${target.user.id}${query}`, {
        method: "POST",
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(200);
      return { jar, cookie: applyCookies(jar, res) };
    };
    const stoppedTo = async (returnTo: string | null, cookie?: string) => {
      const started = await start(returnTo);
      const res = await call("/stop-impersonation", { method: "POST", headers: { cookie: cookie ?? started.cookie } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { impersonated: boolean; returnTo: string };
      expect(body.impersonated).toBe(false);
      expect(await me(applyCookies(started.jar, res))).toMatchObject({ id: admin.user.id, impersonated: false });
      return body.returnTo;
    };
    expect(await stoppedTo("/administracija/uporabniki?q=Katja")).toBe("/administracija/uporabniki?q=Katja");
    expect(await stoppedTo(null)).toBe("/administracija/uporabniki");
    // Attack: another page, another host, a protocol-relative path: each becomes the users list.
    for (const forged of ["/moj-racun", "https://zlo.example/administracija/uporabniki", "//zlo.example", "/\\zlo"])
      expect(await stoppedTo(forged)).toBe("/administracija/uporabniki");
    // Attack: a return cookie written by hand is checked again when stopping.
    const started = await start(null);
    const forgedCookie = `${started.cookie.replace(/avtotrg_session_return=[^;]*/, "")}; avtotrg_session_return=${encodeURIComponent("https://zlo.example/")}`;
    const res = await call("/stop-impersonation", { method: "POST", headers: { cookie: forgedCookie } });
    expect(((await res.json()) as { returnTo: string }).returnTo).toBe("/administracija/uporabniki");
  });

  it("ends by a plain form post (before hydration) with a 303 to the users list; a second post goes there too", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const target = await signedInUser();
    const jar = new Map([["avtotrg_session", admin.token]]);
    const started = await call(
      `/impersonate/${target.user.id}?returnTo=${encodeURIComponent("/administracija/uporabniki?q=041")}`,
      {
        method: "POST",
        headers: { cookie: admin.cookie },
      },
    );
    const cookie = applyCookies(jar, started);
    const form = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };
    const stop = await call("/stop-impersonation", { method: "POST", headers: { cookie, ...form }, body: "" });
    expect(stop.status).toBe(303);
    expect(stop.headers.get("location")).toBe("/administracija/uporabniki?q=041");
    const back = applyCookies(jar, stop);
    expect(await me(back)).toMatchObject({ id: admin.user.id, impersonated: false });
    const again = await call("/stop-impersonation", { method: "POST", headers: { cookie: back, ...form }, body: "" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/administracija/uporabniki");
    // The client's call (no form) keeps its 400.
    expect((await call("/stop-impersonation", { method: "POST", headers: { cookie: back } })).status).toBe(400);
  });

  it("is for admins only: 401 signed out, 403 'You are not an admin' otherwise", async () => {
    const user = await signedInUser();
    expect((await call(`/impersonate/${user.user.id}`, { method: "POST" })).status).toBe(401);
    const res = await call(`/impersonate/${user.user.id}`, { method: "POST", headers: { cookie: user.cookie } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("You are not an admin");
    const admin = await signedInUser({ amzsAdmin: true });
    expect((await call("/impersonate/999999999", { method: "POST", headers: { cookie: admin.cookie } })).status).toBe(
      404,
    );
  });
});
