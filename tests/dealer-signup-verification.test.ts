/**
 * Issue 19, rules 5 and 12 (dealer registration). Attack: apply with a victim's e-mail (or phone) and
 * wait for an admin to confirm, so the victim's account is pulled into the dealership or the attacker
 * gains a head over it. The request counts only after the application's e-mail is confirmed through
 * the link sent there, and confirming makes only that e-mail's owner the head. The answers do not tell
 * whether a number has an account.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { dealerSignupRequests } from "~/db/schema/dealerships";
import { outbox } from "~/db/schema/system";
import { users } from "~/db/schema/users";
import type { ErrorBody } from "~/domain/errors";
import { call, db, signedInUser } from "./fixtures";

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
// These tests own the +386 71 9xx xxx range.
const mobile = () => {
  const five = String((Date.now() + n++ * 7919) % 100_000).padStart(5, "0");
  return { typed: `071 9${five.slice(0, 2)} ${five.slice(2)}`, canonical: `+386719${five}` };
};
let ipSeq = 0;
const ip = () => ({ "cf-connecting-ip": `10.71.${ipSeq++ % 250}.${(Date.now() >> 4) % 250}` });
const pdf = () =>
  new File(
    [new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")],
    "izpisek.pdf",
    { type: "application/pdf" },
  );
const api = (path: string) => `/internal-api/v1/${path}`;

const sendPin = (phoneNumber: string) =>
  call(api("dealer-signup-interest/pin"), {
    method: "POST",
    headers: { "content-type": "application/json", ...ip() },
    body: JSON.stringify({ phoneNumber }),
  });

async function pinFor(canonical: string) {
  const row = await db()
    .select({ pin: outbox.pin })
    .from(outbox)
    .where(eq(outbox.toAddress, canonical))
    .orderBy(desc(outbox.id))
    .get();
  if (!row?.pin) throw new Error("no password sent");
  return row.pin;
}

/** Applies as a stranger would: a password to `phone`, then the form naming `email`. */
async function apply(email: string, phone = mobile()) {
  expect((await sendPin(phone.typed)).status).toBe(202);
  const form = new FormData();
  form.set(
    "dealership",
    JSON.stringify({
      companyName: `Avto Napad ${unique()} d.o.o.`,
      taxNumber: "80267432",
      registrationNumber: "5860571000",
      firstName: "Miha",
      lastName: "Napadalec",
      phoneNumber: phone.typed,
      email,
      pin: await pinFor(phone.canonical),
    }),
  );
  form.set("businessRegistryExtract", pdf());
  const res = await call(api("dealer-signup-interest"), { method: "POST", body: form, headers: ip() });
  return { res, phone };
}

async function confirmationToken(email: string) {
  const mail = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), like(outbox.subject, "Potrdite e-poštni naslov%")))
    .orderBy(desc(outbox.id))
    .get();
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link to ${email}`);
  return { token, mail };
}

const verify = (token: string) =>
  call(api("dealer-signup-interest/verify-email"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
const adminCookie = async () => (await signedInUser({ amzsAdmin: true })).cookie;
const pendingIds = async (cookie: string) =>
  (
    (await (await call(api("dealer-signup-interest?status=PENDING"), { headers: { cookie } })).json()) as {
      id: number;
    }[]
  ).map((r) => r.id);
const confirm = (id: number, cookie: string) =>
  call(api(`dealer-signup-interest/${id}/confirm`), { method: "POST", headers: { cookie } });

describe("rule 6: dealer applications cannot flood a stranger's inbox", () => {
  it("a fourth application naming one address within the hour is refused (429) and sends nothing", async () => {
    const victim = `prijava-poplava-${unique()}@primer.si`;
    for (let i = 0; i < appConfig.limits.dealerSignupEmailsPerAddressPerHour; i++)
      expect((await apply(victim)).res.status).toBe(201);
    const fourth = await apply(victim);
    expect(fourth.res.status).toBe(429);
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, victim)).all();
    expect(mails).toHaveLength(appConfig.limits.dealerSignupEmailsPerAddressPerHour);
  });
});

describe("rule 5: a dealer application counts only with a confirmed e-mail, and pulls in no stranger", () => {
  it("an application naming a victim's e-mail stays invisible to admins and cannot be confirmed; the victim's account is untouched", async () => {
    const victim = await signedInUser({ email: `zrtev-${unique()}@primer.si`, firstName: "Vesna", lastName: "Žrtev" });
    const { res } = await apply(victim.user.email ?? "");
    expect(res.status).toBe(201);
    const { id, status } = (await res.json()) as { id: number; status: string };
    expect(status).toBe("UNVERIFIED");
    // The link goes to the victim's inbox only; the answer carries no token.
    const { mail } = await confirmationToken(victim.user.email ?? "");
    expect(mail?.text).toContain("/trgovec/registracija/potrditev?token=");

    const admin = await adminCookie();
    expect(await pendingIds(admin)).not.toContain(id);
    const refused = await confirm(id, admin);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).message).toBe("Prijavitelj še ni potrdil e-poštnega naslova.");
    expect(await db().select().from(users).where(eq(users.id, victim.user.id)).get()).toMatchObject({
      dealershipId: null,
      dealershipRole: null,
    });
  });

  it("an application with a victim's phone (the victim's account has that number) never makes the victim the head", async () => {
    const phone = mobile();
    const victim = await signedInUser({
      email: null,
      phoneNumber: phone.canonical,
      firstName: "Vid",
      lastName: "Žrtev",
    });
    const attackerEmail = `napadalec-${unique()}@primer.si`;
    const { res } = await apply(attackerEmail, phone);
    const { id } = (await res.json()) as { id: number };
    expect((await verify((await confirmationToken(attackerEmail)).token)).status).toBe(200);
    const admin = await adminCookie();
    const confirmed = await confirm(id, admin);
    expect(confirmed.status).toBe(200);
    const { userId } = (await confirmed.json()) as { userId: number };
    expect(userId).not.toBe(victim.user.id);
    expect(await db().select().from(users).where(eq(users.id, victim.user.id)).get()).toMatchObject({
      email: null,
      dealershipId: null,
      dealershipRole: null,
      phoneNumber: phone.canonical,
    });
    expect(await db().select().from(users).where(eq(users.id, userId)).get()).toMatchObject({
      email: attackerEmail,
      phoneNumber: null,
      dealershipRole: "HEAD",
    });
  });

  it("the applicant confirms the e-mail through the link (once): then admins see it and confirming makes that e-mail's account the head", async () => {
    const owner = await signedInUser({ email: `lastnik-${unique()}@primer.si` });
    const { res } = await apply(owner.user.email ?? "");
    const { id } = (await res.json()) as { id: number };
    const { token } = await confirmationToken(owner.user.email ?? "");
    const ok = await verify(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id, status: "PENDING" });
    const reused = await verify(token);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as ErrorBody).fieldErrors[0]?.field).toBe("token");
    expect((await verify("x".repeat(43))).status).toBe(400);

    const admin = await adminCookie();
    expect(await pendingIds(admin)).toContain(id);
    const confirmed = await confirm(id, admin);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { userId: number }).userId).toBe(owner.user.id);
  });

  it("a link older than seven days no longer confirms", async () => {
    const email = `star-${unique()}@primer.si`;
    const { res } = await apply(email);
    const { id } = (await res.json()) as { id: number };
    await db()
      .update(dealerSignupRequests)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where(eq(dealerSignupRequests.id, id));
    expect((await verify((await confirmationToken(email)).token)).status).toBe(400);
  });
});

describe("rule 12: dealer registration does not tell whether a number has an account", () => {
  it("answers the password request and the application the same for a number with and without an account", async () => {
    const withAccount = mobile();
    await signedInUser({ phoneNumber: withAccount.canonical });
    const without = mobile();
    const [a, b] = [await sendPin(withAccount.typed), await sendPin(without.typed)];
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);

    const first = await apply(`a-${unique()}@primer.si`, withAccount);
    const second = await apply(`b-${unique()}@primer.si`, without);
    expect(first.res.status).toBe(second.res.status);
    const strip = (body: Record<string, unknown>) => ({ ...body, id: 0 });
    expect(strip((await first.res.json()) as Record<string, unknown>)).toEqual(
      strip((await second.res.json()) as Record<string, unknown>),
    );
  });
});
