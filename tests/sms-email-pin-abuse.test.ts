import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { hitRateLimit, pinLockedUntil, takePinAttempt } from "~/db/auth.server";
import { outbox } from "~/db/schema/system";
import { pinRequests } from "~/db/schema/users";
import { AppError } from "~/domain/errors";
import {
  pinClientBackoff,
  pinNumberBackoff,
  pinNumberLockCapMs,
  sendLoginPin,
  signInWithPin,
} from "~/services/pin-login.server";
import { limitedSmsProvider, type SmsMessage } from "~/services/providers/sms.server";
import { call, db, freshClientIp, json, openEmailLink, signedInUser } from "./fixtures";

/**
 * Issue 19, rules 6 and 12 (decision 036): SMS and sign-in e-mail cannot be used to flood or to lock
 * out; legacy PIN attempts back off exponentially per number, with a bounded lock.
 */

let n = 0;
const run = Date.now() % 100_000;
/** A fresh Slovenian mobile number of this file's own prefix (+386 68 …). */
const freshPhone = () => {
  const local = `68${String((run * 50 + n++) % 1_000_000).padStart(6, "0")}`;
  return { canonical: `+386${local}`, typed: `0${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}` };
};
async function legacyUser() {
  const phone = freshPhone();
  await signedInUser({ phoneNumber: phone.canonical, email: null, registeredAt: "2024-03-14T09:30:00.000Z" });
  return phone;
}
const smsTo = async (to: string) =>
  (
    await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), eq(outbox.toAddress, to)))
      .all()
  ).length;
const mailsTo = async (to: string) =>
  await db()
    .select({ id: outbox.id, link: outbox.link })
    .from(outbox)
    .where(and(eq(outbox.channel, "email"), eq(outbox.toAddress, to)))
    .all();
const from = (ip: string) => ({ "cf-connecting-ip": ip });
const statusOf = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.statusCode : 500),
  );

describe("rule 6: SMS to one number, over every route", () => {
  it("the counter is one conditional write: 10 parallel hits on a limit of 3 let exactly 3 through", async () => {
    const key = `test-parallel:${run}:${n++}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(db(), key, 3, 10 * 60_000)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });

  it("10 parallel sign-in code requests from 10 clients deliver exactly 3 SMS to the number", async () => {
    const phone = await legacyUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(`/internal-api/v1/login?number=${encodeURIComponent(phone.typed)}`, { headers: from(freshClientIp()) }),
      ),
    );
    expect(answers.filter((r) => r.status === 202)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    expect(await smsTo(phone.canonical)).toBe(3);
  });

  it("the limit is shared by the routes: sign-in codes and dealer registration codes together make 3 in 10 minutes", async () => {
    const phone = await legacyUser();
    const login = () =>
      call(`/internal-api/v1/login?number=${encodeURIComponent(phone.typed)}`, { headers: from(freshClientIp()) });
    const dealerPin = () =>
      call("/internal-api/v1/dealer-signup-interest/pin", {
        method: "POST",
        headers: { "content-type": "application/json", ...from(freshClientIp()) },
        body: JSON.stringify({ phoneNumber: phone.typed }),
      });
    expect((await login()).status).toBe(202);
    expect((await dealerPin()).status).toBe(202);
    expect((await login()).status).toBe(202);
    const fourth = await dealerPin();
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toMatch(/Poskusite znova čez nekaj minut/);
    expect(await smsTo(phone.canonical)).toBe(3);
  });

  it("every sender goes through the one provider: parallel sends to a number stop at 3, one client stops at its hourly limit", async () => {
    const sent: SmsMessage[] = [];
    const inner = { send: async (m: SmsMessage) => void sent.push(m) };
    const to = freshPhone().canonical;
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () =>
        statusOf(limitedSmsProvider(db(), inner, freshClientIp()).send({ to, text: "x" })),
      ),
    );
    expect(parallel.filter((s) => s === 200)).toHaveLength(3);
    expect(parallel.filter((s) => s === 429)).toHaveLength(7);
    const client = freshClientIp();
    const fromOne = [];
    for (let i = 0; i < appConfig.limits.smsPerClientPerHour + 1; i++)
      fromOne.push(
        await statusOf(limitedSmsProvider(db(), inner, client).send({ to: freshPhone().canonical, text: "x" })),
      );
    expect(fromOne.at(-2)).toBe(200);
    expect(fromOne.at(-1)).toBe(429);
  });
});

/** The address budget counts per clock-aligned window: a test never starts within 5 s of a window's end. */
async function awayFromWindowEdge(windowMs = appConfig.loginLink.expiryMinutes * 60_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
}

describe("rule 6: sign-in e-mails cannot flood an inbox or lock its owner out", () => {
  const request = (email: string, ip: string) =>
    call("/internal-api/v1/login/email", {
      ...json({ email }),
      headers: { "content-type": "application/json", ...from(ip) },
    });

  it("a stranger from one client uses only a bounded share: 3 links, then 429, while the owner still gets one", async () => {
    const victim = `zrtev-${run}-${n++}@primer.si`;
    const stranger = freshClientIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(victim, stranger)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
    expect((await request(victim, freshClientIp())).status).toBe(202);
    expect(await mailsTo(victim)).toHaveLength(4);
  });

  it("strangers from many clients flood at most the address's budget per link lifetime, and the owner's earlier link still signs in", async () => {
    await awayFromWindowEdge();
    const victim = `poplava-${run}-${n++}@primer.si`;
    expect((await request(victim, freshClientIp())).status).toBe(202);
    const [ownersMail] = await mailsTo(victim);
    const flood = await Promise.all(Array.from({ length: 30 }, () => request(victim, freshClientIp())));
    expect(flood.filter((r) => r.status === 202).length).toBe(
      appConfig.limits.signInEmailsPerAddressPerLinkLifetime - 1,
    );
    expect(await mailsTo(victim)).toHaveLength(appConfig.limits.signInEmailsPerAddressPerLinkLifetime);
    // The owner's link still signs in (the confirmation page's POST, decision 030).
    const open = await openEmailLink(ownersMail?.link);
    expect(open.status).toBe(200);
    expect(((await open.json()) as { location: string }).location).toContain("success=true");
  });

  it("strangers using the address's whole budget cannot lock the owner out: the refusal points to links that still sign in", async () => {
    await awayFromWindowEdge();
    const victim = `zaklep-${run}-${n++}@primer.si`;
    // Several strangers' clients, each within its own share, spend the address's budget first.
    for (let i = 0; i < appConfig.limits.signInEmailsPerAddressPerLinkLifetime; i++)
      expect((await request(victim, freshClientIp())).status).toBe(202);
    const owner = await request(victim, freshClientIp());
    expect(owner.status).toBe(429);
    expect(((await owner.json()) as { message: string }).message).toMatch(
      /ki še veljajo\. Uporabite zadnjo prejeto povezavo/,
    );
    // Every link the strangers caused is in the owner's inbox and still signs the owner in (the last one, say).
    const links = await mailsTo(victim);
    expect(links).toHaveLength(appConfig.limits.signInEmailsPerAddressPerLinkLifetime);
    const open = await openEmailLink(links.at(-1)?.link);
    expect(open.status).toBe(200);
    expect((await open.headers.get("set-cookie")) ?? "").toContain(`${appConfig.session.cookieName}=`);
  });

  it("a stranger's legacy account cannot fill the address's budget with links only its own browser can use", async () => {
    await awayFromWindowEdge();
    const victim = `legacy-poplava-${run}-${n++}@primer.si`;
    for (let i = 0; i < appConfig.limits.signInEmailsPerAddressPerLinkLifetime; i++) {
      const legacy = await signedInUser({
        email: null,
        phoneNumber: freshPhone().canonical,
        registeredAt: "2024-01-01T00:00:00.000Z",
      });
      await call("/internal-api/v1/login/email", {
        ...json({ email: victim }, legacy.cookie),
        headers: { "content-type": "application/json", cookie: legacy.cookie, ...from(freshClientIp()) },
      });
    }
    // The owner still gets an ordinary link.
    expect((await request(victim, freshClientIp())).status).toBe(202);
  });

  it("one client asking for many addresses stops at its hourly limit", async () => {
    const client = freshClientIp();
    const statuses = [];
    for (let i = 0; i <= appConfig.limits.signInEmailsPerClientPerHour; i++)
      statuses.push((await request(`mnogo-${run}-${n++}@primer.si`, client)).status);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("rule 12: legacy PIN attempts back off exponentially per number, with a bounded lock", () => {
  const capture = () => {
    const sent: SmsMessage[] = [];
    return { sent, sms: { send: async (m: SmsMessage) => void sent.push(m) } };
  };

  it("the lock doubles with each attempt made once it ends, and never grows past its cap", async () => {
    const key = `backoff-test|${run}|${n++}`;
    let t = Date.UTC(2099, 0, 1, 10);
    const locks: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect(await takePinAttempt(db(), key, pinNumberBackoff, new Date(t))).not.toBeNull();
      const until = (await pinLockedUntil(db(), key, new Date(t))) ?? t;
      locks.push(until - t);
      // While locked, attempts are refused and counted for nothing.
      if (until > t) expect(await takePinAttempt(db(), key, pinNumberBackoff, new Date(until - 1))).toBeNull();
      t = until;
    }
    expect(locks).toEqual([
      0,
      0,
      0,
      0,
      0,
      15_000,
      30_000,
      60_000,
      120_000,
      240_000,
      pinNumberLockCapMs,
      pinNumberLockCapMs,
    ]);
  });

  it("a stranger guessing from one client locks only that client: the owner signs in at once", async () => {
    const phone = await legacyUser();
    const now = new Date();
    const { sent, sms } = capture();
    const browser = `owner-${run}-${n++}`;
    await sendLoginPin(db(), sms, { phoneNumber: phone.canonical, ip: freshClientIp(), browser }, now);
    const pin = sent[0]?.pin ?? "";
    const stranger = freshClientIp();
    const strangerBrowser = `stranger-${run}-${n++}`;
    await sendLoginPin(
      db(),
      capture().sms,
      { phoneNumber: phone.canonical, ip: stranger, browser: strangerBrowser },
      now,
    );
    const guesses = [];
    for (let i = 0; i < 4; i++)
      guesses.push(
        await statusOf(
          signInWithPin(
            db(),
            {
              phoneNumber: phone.canonical,
              pin: pin === "00000" ? "00001" : "00000",
              ip: stranger,
              browser: strangerBrowser,
            },
            now,
          ),
        ),
      );
    expect(guesses).toEqual([401, 401, 401, 429]);
    expect(pinClientBackoff.free).toBe(2);
    expect(
      await statusOf(signInWithPin(db(), { phoneNumber: phone.canonical, pin, ip: freshClientIp(), browser }, now)),
    ).toBe(200);
  });

  it("strangers guessing from many clients lock the number for minutes at most; then the owner signs in", async () => {
    const phone = await legacyUser();
    let t = Date.now();
    // Guesses from ever new clients, each made as soon as the number's lock ends, with no code open.
    for (let i = 0; i < 12; i++) {
      const status = await statusOf(
        signInWithPin(
          db(),
          { phoneNumber: phone.canonical, pin: "00000", ip: freshClientIp(), browser: null },
          new Date(t),
        ),
      );
      expect([404, 429]).toContain(status);
      t = (await pinLockedUntil(db(), `${phone.canonical}|*`, new Date(t))) ?? t;
    }
    const lockedAt = t - pinNumberLockCapMs;
    // Guesses while locked change nothing: the lock ends at most pinNumberLockCapMs (5 minutes) after the last counted one.
    expect(
      await statusOf(
        signInWithPin(
          db(),
          { phoneNumber: phone.canonical, pin: "00000", ip: freshClientIp(), browser: null },
          new Date(lockedAt + 60_000),
        ),
      ),
    ).toBe(429);
    expect(t - lockedAt).toBeLessThanOrEqual(5 * 60_000);
    // A holder's later wrong attempts wait for the number's lock like everyone's; his first attempt does not.
    const { sent, sms } = capture();
    const browser = `owner-${run}-${n++}`;
    await sendLoginPin(db(), sms, { phoneNumber: phone.canonical, ip: freshClientIp(), browser }, new Date(t - 2000));
    const pin = sent[0]?.pin ?? "";
    const wrongPin = pin === "00000" ? "00001" : "00000";
    expect(
      await statusOf(
        signInWithPin(
          db(),
          { phoneNumber: phone.canonical, pin: wrongPin, ip: freshClientIp(), browser },
          new Date(t - 2000),
        ),
      ),
    ).toBe(401);
    expect(
      await statusOf(
        signInWithPin(db(), { phoneNumber: phone.canonical, pin, ip: freshClientIp(), browser }, new Date(t - 1000)),
      ),
    ).toBe(429);
    expect(
      await statusOf(
        signInWithPin(db(), { phoneNumber: phone.canonical, pin, ip: freshClientIp(), browser }, new Date(t)),
      ),
    ).toBe(200);
  });

  it("parallel guesses on one code from many clients use at most its 5 attempts", async () => {
    const phone = await legacyUser();
    const now = new Date();
    const { sent, sms } = capture();
    const browser = `holder-${run}-${n++}`;
    await sendLoginPin(db(), sms, { phoneNumber: phone.canonical, ip: freshClientIp(), browser }, now);
    const pin = sent[0]?.pin ?? "";
    const guess = (i: number) => String((Number(pin) + 1 + i) % 100_000).padStart(5, "0");
    // The browser that holds the code, guessing in parallel from many clients.
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        statusOf(
          signInWithPin(db(), { phoneNumber: phone.canonical, pin: guess(i), ip: freshClientIp(), browser }, now),
        ),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    const row = await db()
      .select({ attempts: pinRequests.attempts })
      .from(pinRequests)
      .where(eq(pinRequests.phoneNumber, phone.canonical))
      .get();
    expect(row?.attempts).toBeLessThanOrEqual(5);
  });

  /** The browser's code cookie from the send response (`avtotrg_pin=…`), as the browser sends it back. */
  const pinCookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("avtotrg_pin="))
      ?.split(";")[0] ?? "";
  const sendFromBrowser = (phone: string, ip: string) =>
    call(`/internal-api/v1/login?number=${encodeURIComponent(phone)}`, { headers: from(ip) });
  const signIn = (phone: string, pin: string, ip: string, cookie?: string) =>
    call("/internal-api/v1/login", {
      ...json({ phoneNumber: phone, pin }),
      headers: { "content-type": "application/json", ...from(ip), ...(cookie ? { cookie } : {}) },
    });
  const lastPinTo = async (to: string) =>
    (
      await db()
        .select({ pin: outbox.pin })
        .from(outbox)
        .where(and(eq(outbox.channel, "sms"), eq(outbox.toAddress, to)))
        .orderBy(desc(outbox.id))
        .get()
    )?.pin ?? "";

  it("a stranger re-arming the number's lock from fresh addresses for an hour never stops the owner's first try with a fresh code", async () => {
    const phone = await legacyUser();
    let t = Date.UTC(2099, 1, 1, 9);
    const end = t + 60 * 60_000;
    let strangerTries = 0;
    let ownerSignIns = 0;
    let ownerLast = -Infinity;
    while (t < end) {
      // The stranger guesses (no code of his own) as soon as the number's lock ends, each time from a new address.
      expect([404, 429]).toContain(
        await statusOf(
          signInWithPin(
            db(),
            { phoneNumber: phone.canonical, pin: "00000", ip: freshClientIp(), browser: null },
            new Date(t),
          ),
        ),
      );
      strangerTries++;
      const lockedUntil = (await pinLockedUntil(db(), `${phone.canonical}|*`, new Date(t))) ?? t;
      // Every 10 minutes (the number's SMS budget), whenever the number is locked for a minute or more,
      // the owner asks for a code in his browser and types it once.
      if (lockedUntil - t >= 60_000 && t - ownerLast >= 10 * 60_000) {
        ownerLast = t;
        const { sent, sms } = capture();
        const browser = `owner-${run}-${n++}`;
        await sendLoginPin(
          db(),
          sms,
          { phoneNumber: phone.canonical, ip: freshClientIp(), browser },
          new Date(t + 500),
        );
        expect(
          await statusOf(
            signInWithPin(
              db(),
              { phoneNumber: phone.canonical, pin: sent[0]?.pin ?? "", ip: freshClientIp(), browser },
              new Date(t + 1000),
            ),
          ),
        ).toBe(200);
        ownerSignIns++;
      }
      t = Math.max(lockedUntil, t + 1000);
    }
    expect(strangerTries).toBeGreaterThanOrEqual(10);
    expect(ownerSignIns).toBeGreaterThanOrEqual(3);
  });

  it("over HTTP: the owner's browser (cookie from the send response) signs in at the first try while the number is locked", async () => {
    const phone = await legacyUser();
    // Strangers from many addresses lock the number (no code in their browsers: 404, then 429).
    const stranger = [];
    for (let i = 0; i < 8; i++) stranger.push((await signIn(phone.typed, "00000", freshClientIp())).status);
    expect(stranger.slice(0, 5).every((s) => s === 404)).toBe(true);
    expect(stranger.at(-1)).toBe(429);
    const ownerIp = freshClientIp();
    const sent = await sendFromBrowser(phone.typed, ownerIp);
    expect(sent.status).toBe(202);
    const cookie = pinCookieOf(sent);
    expect(cookie).toMatch(/^avtotrg_pin=.{20,}/);
    expect(sent.headers.getSetCookie().find((c) => c.startsWith("avtotrg_pin="))).toMatch(/HttpOnly/i);
    const ok = await signIn(phone.typed, await lastPinTo(phone.canonical), ownerIp, cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("avtotrg_session="))).toBe(true);
  });

  it("strangers guessing from many addresses and browsers never burn the owner's code", async () => {
    const phone = await legacyUser();
    const ownerIp = freshClientIp();
    const sent = await sendFromBrowser(phone.typed, ownerIp);
    const cookie = pinCookieOf(sent);
    const pin = await lastPinTo(phone.canonical);
    const other = pin === "00000" ? "00001" : "00000";
    // Without the owner's cookie, or with a cookie of a code they asked for themselves in their own browsers.
    const strangerCookie = pinCookieOf(await sendFromBrowser(phone.typed, freshClientIp()));
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(phone.typed, other, freshClientIp(), i % 2 ? strangerCookie : `avtotrg_pin=guess${i}`),
      ),
    );
    expect(guesses.some((r) => r.status === 200)).toBe(false);
    const owners = await db()
      .select({ attempts: pinRequests.attempts })
      .from(pinRequests)
      .where(eq(pinRequests.phoneNumber, phone.canonical))
      .orderBy(pinRequests.id)
      .all();
    expect(owners[0]?.attempts).toBe(0);
    expect((await signIn(phone.typed, pin, ownerIp, cookie)).status).toBe(200);
  });

  it("a code typed in another browser (without the cookie of the browser that asked for it) does not sign in", async () => {
    const phone = await legacyUser();
    const sent = await sendFromBrowser(phone.typed, freshClientIp());
    const pin = await lastPinTo(phone.canonical);
    const elsewhere = await signIn(phone.typed, pin, freshClientIp());
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { message: string }).message).toBe(
      "Kodo vnesite v brskalniku, v katerem ste jo zahtevali, ali zahtevajte novo.",
    );
    expect(elsewhere.headers.getSetCookie().some((c) => c.includes("session="))).toBe(false);
    expect((await signIn(phone.typed, pin, freshClientIp(), "avtotrg_pin=forged")).status).toBe(404);
    // The browser that asked still signs in with it.
    expect((await signIn(phone.typed, pin, freshClientIp(), pinCookieOf(sent))).status).toBe(200);
  });

  it("an unknown number gets the same 202 and a code cookie", async () => {
    const res = await sendFromBrowser(freshPhone().typed, freshClientIp());
    expect(res.status).toBe(202);
    expect(pinCookieOf(res)).toMatch(/^avtotrg_pin=.{20,}/);
  });

  it("keeps the spec's 445 for a number without an account", async () => {
    expect(
      await statusOf(
        signInWithPin(db(), { phoneNumber: freshPhone().canonical, pin: "12345", ip: freshClientIp(), browser: null }),
      ),
    ).toBe(445);
  });
});
