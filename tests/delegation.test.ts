// Issue 25: delegation goes both ways, to anyone in the dealership (the head included), and the dialog
// lists everyone with the postings they hold (decision 070). Attacks first: another dealership's
// people, a removed salesperson, an outsider asking, two delegations at once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { salespeople } from "~/db/schema/dealerships";
import { postings } from "~/db/schema/postings";
import { users } from "~/db/schema/users";
import type { Delegate } from "~/domain/dealer-people";
import { dealership } from "./dealer-fixtures";
import { call, db, json, publishedPosting, signedInUser } from "./fixtures";
import { freshMobile } from "./hostile-fixtures";

const api = (path: string) => `/internal-api/v1/${path}`;
const get = (path: string, cookie?: string) => call(api(path), { headers: cookie ? { cookie } : {} });
const delegate = (code: string, phoneNumber: string | null, cookie: string) =>
  call(api(`postings/${code}/delegate`), json({ phoneNumber }, cookie));
const holder = async (id: number) =>
  (await db().select().from(postings).where(eq(postings.id, id)).get())?.salespersonUserId;
const delegates = async (code: string, cookie: string) => {
  const res = await get(`postings/${code}/delegates`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as Delegate[];
};

describe("whom a posting can be delegated to", () => {
  it("lists everyone in the dealership, the head first, with the postings they hold and the holder marked", async () => {
    const { d, head, sales, salesPhone } = await dealership();
    const second = await signedInUser({
      dealershipId: d.id,
      dealershipRole: "SALESPERSON",
      phoneNumber: freshMobile(),
      firstName: "Ana",
      lastName: "Zupan",
    });
    const invitedPhone = freshMobile();
    await db().insert(salespeople).values({ dealershipId: d.id, phoneNumber: invitedPhone, firstName: "Tine" });
    const posting = await publishedPosting({
      userId: head.user.id,
      dealershipId: d.id,
      salespersonUserId: sales.user.id,
    });
    await publishedPosting({ userId: head.user.id, dealershipId: d.id, salespersonUserId: sales.user.id });
    await publishedPosting({ userId: head.user.id, dealershipId: d.id, salespersonUserId: head.user.id });
    // Drafts and sold cars are not what they hold now.
    await publishedPosting({
      userId: head.user.id,
      dealershipId: d.id,
      salespersonUserId: second.user.id,
      status: "SOLD",
    });

    const list = await delegates(posting.code, head.cookie);
    expect(list).toEqual([
      expect.objectContaining({
        phoneNumber: head.user.phoneNumber,
        head: true,
        holder: false,
        hasAccount: true,
        postings: 1,
      }),
      expect.objectContaining({ phoneNumber: salesPhone, lastName: "Vidmar", head: false, holder: true, postings: 2 }),
      expect.objectContaining({ phoneNumber: second.user.phoneNumber, lastName: "Zupan", holder: false, postings: 0 }),
      expect.objectContaining({ phoneNumber: invitedPhone, hasAccount: false, holder: false }),
    ]);
    // Every member may ask (a salesperson delegates too, spec: "dealership users … delegate postings").
    expect((await get(`postings/${posting.code}/delegates`, sales.cookie)).status).toBe(200);
  });

  it("is refused to another dealership's head (403), a buyer (403), anyone signed out (401), for no posting (404)", async () => {
    const a = await dealership();
    const b = await dealership();
    const posting = await publishedPosting({ userId: a.head.user.id, dealershipId: a.d.id });
    expect((await get(`postings/${posting.code}/delegates`, b.head.cookie)).status).toBe(403);
    expect((await get(`postings/${posting.code}/delegates`, b.sales.cookie)).status).toBe(403);
    expect((await get(`postings/${posting.code}/delegates`, (await signedInUser()).cookie)).status).toBe(403);
    expect((await get(`postings/${posting.code}/delegates`)).status).toBe(401);
    expect((await get("postings/NI-TAKEGA/delegates", a.head.cookie)).status).toBe(404);
    // A private posting has no dealership to delegate in.
    const own = await publishedPosting({ userId: a.head.user.id });
    expect((await get(`postings/${own.code}/delegates`, a.head.cookie)).status).toBe(403);
  });
});

describe("delegation both ways", () => {
  it("gives the head's posting to a salesperson and back to the head, the list following the holder", async () => {
    const { d, head, sales, salesPhone } = await dealership();
    const posting = await publishedPosting({
      userId: head.user.id,
      dealershipId: d.id,
      salespersonUserId: head.user.id,
    });
    expect((await delegates(posting.code, head.cookie)).find((p) => p.head)?.holder).toBe(true);

    const given = await delegate(posting.code, salesPhone, head.cookie);
    expect(given.status).toBe(200);
    expect(await holder(posting.id)).toBe(sales.user.id);
    expect((await delegates(posting.code, head.cookie)).map((p) => [p.head, p.holder])).toEqual([
      [true, false],
      [false, true],
    ]);

    const back = await delegate(posting.code, head.user.phoneNumber, head.cookie);
    expect(back.status).toBe(200);
    expect(((await back.json()) as { salesperson: { lastName: string } }).salesperson.lastName).toBe("Novak");
    expect(await holder(posting.id)).toBe(head.user.id);
  });

  it("never gives a posting to another dealership's salesperson or head (404), nor delegates another dealership's posting (403)", async () => {
    const a = await dealership();
    const b = await dealership();
    const posting = await publishedPosting({
      userId: a.head.user.id,
      dealershipId: a.d.id,
      salespersonUserId: a.head.user.id,
    });
    expect((await delegate(posting.code, b.salesPhone, a.head.cookie)).status).toBe(404);
    expect((await delegate(posting.code, b.head.user.phoneNumber, a.head.cookie)).status).toBe(404);
    expect((await delegate(posting.code, a.salesPhone, b.head.cookie)).status).toBe(403);
    expect(await holder(posting.id)).toBe(a.head.user.id);
  });

  it("never gives a posting to a salesperson who left the dealership, even while the list row remains", async () => {
    const { d, head, sales, salesPhone } = await dealership();
    const posting = await publishedPosting({
      userId: head.user.id,
      dealershipId: d.id,
      salespersonUserId: head.user.id,
    });
    // Removed between the dialog and the click: the account is no longer the dealership's.
    await db().update(users).set({ dealershipId: null, dealershipRole: null }).where(eq(users.id, sales.user.id));
    expect((await delegate(posting.code, salesPhone, head.cookie)).status).toBe(404);
    expect(await holder(posting.id)).toBe(head.user.id);
    expect((await delegates(posting.code, head.cookie)).map((p) => p.phoneNumber)).not.toContain(salesPhone);
  });

  it("two delegations at once leave the posting with one of the two, both of the dealership", async () => {
    const { d, head, sales, salesPhone } = await dealership();
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: d.id });
    const results = await Promise.all([
      delegate(posting.code, salesPhone, head.cookie),
      delegate(posting.code, head.user.phoneNumber, sales.cookie),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect([sales.user.id, head.user.id]).toContain(await holder(posting.id));
    expect((await delegates(posting.code, head.cookie)).filter((p) => p.holder)).toHaveLength(1);
  });

  it("refuses a forged phone value with a Slovenian field error, never a 500", async () => {
    const { d, head } = await dealership();
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: d.id });
    for (const forged of [null, "", "abc", "+1 555 0100", "'; DROP TABLE postings; --"]) {
      const res = await delegate(posting.code, forged, head.cookie);
      expect(res.status, String(forged)).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/številk/i);
    }
  });
});
