/**
 * Issue 19, rules 3 and 12 (salesperson invitations, decision 033). Attack: a dealership head types a
 * stranger's phone number as a salesperson to pull the stranger's account into the dealership, read
 * its data through the team list or delegation, or learn whether the number has an account at all.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dealerships, salespeople } from "~/db/schema/dealerships";
import { users } from "~/db/schema/users";
import type { Salesperson } from "~/domain/dealer-people";
import { call, db, json, publishedPosting, signedInUser } from "./fixtures";

let seq = 0;
// These tests own the +386 64 8xx xxx range.
const mobile = () => `+386648${String((Date.now() + seq++ * 7919) % 100_000).padStart(5, "0")}`;
const api = (path: string) => `/internal-api/v1/${path}`;
const get = (path: string, cookie?: string) => call(api(path), { headers: cookie ? { cookie } : {} });
const post = (path: string, body: unknown, cookie?: string) => call(api(path), json(body, cookie));

async function dealership() {
  const code = `inv-${Date.now().toString(36)}-${seq++}`;
  const [d] = await db()
    .insert(dealerships)
    .values({ code, name: `Avtohiša ${code}` })
    .returning();
  if (!d) throw new Error("dealership not inserted");
  const head = await signedInUser({ dealershipId: d.id, dealershipRole: "HEAD", phoneNumber: mobile() });
  return { d, head };
}

async function smsTo(phone: string) {
  const outbox = (await (await get("dev/outbox")).json()) as { to: string; channel: string; text: string }[];
  return outbox.filter((msg) => msg.channel === "sms" && msg.to === phone);
}
async function invitationToken(phone: string) {
  const token = (await smsTo(phone))
    .map((msg) => /\/povabilo\?token=([A-Za-z0-9_-]+)/.exec(msg.text)?.[1])
    .find(Boolean);
  if (!token) throw new Error(`no invitation to ${phone}`);
  return token;
}
const membership = async (userId: number) =>
  db()
    .select({ dealershipId: users.dealershipId, dealershipRole: users.dealershipRole })
    .from(users)
    .where(eq(users.id, userId))
    .get();

describe("rule 3: a dealership pulls in nobody; membership is an accepted invitation", () => {
  it("adding a stranger's number invites, joins nothing, and shows the head nothing of the account", async () => {
    const { d, head } = await dealership();
    const phone = mobile();
    const stranger = await signedInUser({
      phoneNumber: phone,
      email: `tujec-${seq++}@primer.si`,
      firstName: "Tine",
      lastName: "Tujec",
    });
    const added = await post(
      "dealer/salespeople",
      { phoneNumber: phone, firstName: "Izmišljeno", lastName: "Ime" },
      head.cookie,
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      phoneNumber: phone,
      firstName: "Izmišljeno",
      status: "INVITED",
      hasAccount: false,
    });
    expect(await membership(stranger.user.id)).toEqual({ dealershipId: null, dealershipRole: null });
    expect((await db().select().from(salespeople).where(eq(salespeople.phoneNumber, phone)).get())?.userId).toBeNull();

    // Nothing of the account through the list or delegation: same 409 as for a number without an account.
    const list = await (await get("dealer/salespeople", head.cookie)).text();
    for (const secret of [stranger.user.email ?? "-", "Tine", "Tujec"]) expect(list).not.toContain(secret);
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: d.id, privatePosting: false });
    const delegated = await post(`postings/${posting.code}/delegate`, { phoneNumber: phone }, head.cookie);
    expect(delegated.status).toBe(409);
    expect(await delegated.text()).not.toContain("Tine");
    // Their session is not a member's.
    expect((await get("dealer/salespeople", stranger.cookie)).status).toBe(403);
  });

  it('the owner accepts while signed in ("Pridružite se ekipi …?" names the dealership); then the head sees them joined', async () => {
    const { d, head } = await dealership();
    const phone = mobile();
    await post("dealer/salespeople", { phoneNumber: phone, firstName: "Petra", lastName: "Novak" }, head.cookie);
    const token = await invitationToken(phone);
    // Signed out, the link does nothing.
    expect((await get(`dealer-invitations/${token}`)).status).toBe(401);
    expect((await post(`dealer-invitations/${token}/accept`, {})).status).toBe(401);

    const owner = await signedInUser({ phoneNumber: phone });
    const shown = await get(`dealer-invitations/${token}`, owner.cookie);
    expect(await shown.json()).toEqual({ dealershipName: d.name });
    expect((await post(`dealer-invitations/${token}/accept`, {}, owner.cookie)).status).toBe(200);
    expect(await membership(owner.user.id)).toEqual({ dealershipId: d.id, dealershipRole: "SALESPERSON" });
    const list = (await (await get("dealer/salespeople", head.cookie)).json()) as Salesperson[];
    expect(list.find((s) => s.phoneNumber === phone)).toMatchObject({ status: "JOINED", hasAccount: true });
    // A used link is dead.
    expect((await post(`dealer-invitations/${token}/accept`, {}, owner.cookie)).status).toBe(404);
  });

  it("an admin acting as the invited account cannot accept for its owner (403); the invitation stays open", async () => {
    const { head } = await dealership();
    const phone = mobile();
    await post("dealer/salespeople", { phoneNumber: phone, firstName: "Iva", lastName: "Kos" }, head.cookie);
    const token = await invitationToken(phone);
    const owner = await signedInUser({ phoneNumber: phone });
    const admin = await signedInUser({ amzsAdmin: true });
    const started = await call(`/impersonate/${encodeURIComponent(phone)}`, {
      method: "POST",
      headers: { cookie: admin.cookie },
    });
    expect(started.status).toBe(200);
    const asOwner = started.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .filter((pair) => !pair.endsWith("="))
      .join("; ");
    const refused = await post(`dealer-invitations/${token}/accept`, {}, asOwner);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/prevzemom identitete/);
    expect(await membership(owner.user.id)).toEqual({ dealershipId: null, dealershipRole: null });
    expect((await post(`dealer-invitations/${token}/accept`, {}, owner.cookie)).status).toBe(200);
  });

  it("the owner can decline: no membership, the head sees it declined, the link is dead", async () => {
    const { head } = await dealership();
    const phone = mobile();
    const owner = await signedInUser({ phoneNumber: phone });
    await post("dealer/salespeople", { phoneNumber: phone, firstName: "Ne", lastName: "Hvala" }, head.cookie);
    const token = await invitationToken(phone);
    expect((await post(`dealer-invitations/${token}/decline`, {}, owner.cookie)).status).toBe(204);
    expect(await membership(owner.user.id)).toEqual({ dealershipId: null, dealershipRole: null });
    const list = (await (await get("dealer/salespeople", head.cookie)).json()) as Salesperson[];
    expect(list.find((s) => s.phoneNumber === phone)?.status).toBe("DECLINED");
    expect((await post(`dealer-invitations/${token}/accept`, {}, owner.cookie)).status).toBe(404);
  });

  it("a member of another dealership cannot be pulled over: accepting is 409 and they stay where they are", async () => {
    const a = await dealership();
    const b = await dealership();
    const phone = b.head.user.phoneNumber ?? "";
    expect(
      (await post("dealer/salespeople", { phoneNumber: phone, firstName: "Vodja", lastName: "Bje" }, a.head.cookie))
        .status,
    ).toBe(201);
    const accepted = await post(`dealer-invitations/${await invitationToken(phone)}/accept`, {}, b.head.cookie);
    expect(accepted.status).toBe(409);
    expect(await membership(b.head.user.id)).toEqual({ dealershipId: b.d.id, dealershipRole: "HEAD" });
  });

  it("an invented or stale token is 404; an admin's add is an invitation too", async () => {
    const someone = await signedInUser();
    expect((await post(`dealer-invitations/${"a".repeat(43)}/accept`, {}, someone.cookie)).status).toBe(404);
    expect((await get("dealer-invitations/kratek", someone.cookie)).status).toBe(400);

    const { d } = await dealership();
    const phone = mobile();
    const target = await signedInUser({ phoneNumber: phone });
    const admin = await signedInUser({ amzsAdmin: true });
    const added = await post(
      "admin/salespeople",
      { dealershipCode: d.code, phoneNumber: phone, firstName: "Admin", lastName: "Dodal" },
      admin.cookie,
    );
    expect(added.status).toBe(201);
    expect(await membership(target.user.id)).toEqual({ dealershipId: null, dealershipRole: null });
    expect(await invitationToken(phone)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });
});

describe("rule 12: the invitation answers the same whether the number has an account", () => {
  it("same status, same body (but the phone and names typed), the same SMS", async () => {
    const { head } = await dealership();
    const withAccount = mobile();
    await signedInUser({ phoneNumber: withAccount });
    const without = mobile();
    const one = await post(
      "dealer/salespeople",
      { phoneNumber: withAccount, firstName: "Ena", lastName: "Oseba" },
      head.cookie,
    );
    const two = await post(
      "dealer/salespeople",
      { phoneNumber: without, firstName: "Ena", lastName: "Oseba" },
      head.cookie,
    );
    expect(one.status).toBe(two.status);
    const shape = (s: Salesperson) => ({ ...s, phoneNumber: "", invitedAt: s.invitedAt ? "set" : null });
    expect(shape((await one.json()) as Salesperson)).toEqual(shape((await two.json()) as Salesperson));
    const text = async (phone: string) =>
      (await smsTo(phone)).map((msg) => msg.text.replace(/token=[A-Za-z0-9_-]+/, "token=…"));
    expect(await text(withAccount)).toEqual(await text(without));
  });
});
