import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dealerContacts, salespeople } from "~/db/schema/dealerships";
import { postings } from "~/db/schema/postings";
import { users } from "~/db/schema/users";
import type { DealerContact, Salesperson } from "~/domain/dealer-people";
import { dealership } from "./dealer-fixtures";
import { call, db, json, publishedPosting, signedInUser } from "./fixtures";
import { freshMobile } from "./hostile-fixtures";

type ErrorJson = {
  message: string;
  statusCode: number;
  fieldErrors: { field: string; kind: string; message: string }[];
};

/** A unique Slovenian mobile number per call (tests share one database): the run's counter. */
const mobile = freshMobile;

const api = (path: string) => `/internal-api/v1/${path}`;
const get = (path: string, cookie?: string) => call(api(path), { headers: cookie ? { cookie } : {} });
const del = (path: string, cookie?: string) => call(api(path), { method: "DELETE", headers: cookie ? { cookie } : {} });
const post = (path: string, body: unknown, cookie?: string) => call(api(path), json(body, cookie));
const phonePath = (p: string) => encodeURIComponent(p);

/** The token of the newest invitation SMS to `phone` (the outbox plays the phone). */
async function invitationToken(phone: string) {
  const outbox = (await (await call("/internal-api/v1/dev/outbox")).json()) as { to: string; text: string }[];
  const token = outbox
    .filter((msg) => msg.to === phone)
    .map((msg) => /\/povabilo\?token=([A-Za-z0-9_-]+)/.exec(msg.text)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!token) throw new Error(`no invitation to ${phone}`);
  return token;
}

describe("dealer contacts", () => {
  it("refuses a contact without a name, without phone and e-mail, or with a bad e-mail, each with the spec's message", async () => {
    const { head } = await dealership();
    const cases: [unknown, string, string][] = [
      [{ name: "  ", phone: "041 123 456" }, "name", "Kontakt potrebuje ime"],
      [{ name: "Prodaja", phone: "", email: " " }, "phone", "Potrebujemo vsaj enega od kontaktov"],
      [{ name: "Prodaja", email: "prodaja@primer" }, "email", "Neveljaven naslov elektronske pošte"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post("dealer/contacts", body, head.cookie);
      expect(res.status).toBe(400);
      const error = (await res.json()) as ErrorJson;
      expect(error.message).toBe(message);
      expect(error.fieldErrors[0]).toMatchObject({ field, message });
    }
    expect(await (await get("dealer/contacts", head.cookie)).json()).toEqual([]);
  });

  it("lets every member add, edit and delete contacts; only phone is enough", async () => {
    const { sales, head } = await dealership();
    const created = await post(
      "dealer/contacts",
      { name: "Servis", phone: "041 555 666", comment: "Naročila na servis", addToAllPostings: true },
      sales.cookie,
    );
    expect(created.status).toBe(201);
    const contact = (await created.json()) as DealerContact;
    expect(contact).toMatchObject({
      name: "Servis",
      phone: "+38641555666",
      email: null,
      comment: "Naročila na servis",
      addToAllPostings: true,
    });

    const updated = await post(
      "dealer/contacts",
      { id: contact.id, name: "Servis in deli", email: "servis@primer.si", addToAllPostings: false },
      head.cookie,
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: contact.id,
      name: "Servis in deli",
      phone: null,
      email: "servis@primer.si",
      addToAllPostings: false,
    });
    expect(((await (await get("dealer/contacts", sales.cookie)).json()) as DealerContact[]).map((c) => c.name)).toEqual(
      ["Servis in deli"],
    );

    expect((await del(`dealer/contacts/${contact.id}`, sales.cookie)).status).toBe(204);
    expect(await (await get("dealer/contacts", head.cookie)).json()).toEqual([]);
  });

  it("keeps each dealership's contacts to itself: B's contact is 404 for A, non-members 403, anonymous 401", async () => {
    const a = await dealership();
    const b = await dealership();
    const [bContact] = await db()
      .insert(dealerContacts)
      .values({ dealershipId: b.d.id, name: "Skrivnost", phone: "+38641999888" })
      .returning();
    if (!bContact) throw new Error("contact not inserted");
    expect(await (await get("dealer/contacts", a.head.cookie)).json()).toEqual([]);
    expect(
      (await post("dealer/contacts", { id: bContact.id, name: "Prevzeto", phone: "041 111 222" }, a.head.cookie))
        .status,
    ).toBe(404);
    expect((await del(`dealer/contacts/${bContact.id}`, a.sales.cookie)).status).toBe(404);
    const still = await db().select().from(dealerContacts).where(eq(dealerContacts.id, bContact.id)).get();
    expect(still?.name).toBe("Skrivnost");
    // Naming B while being a member of A is refused.
    expect((await get(`dealer/contacts?dealershipCode=${b.d.code}`, a.head.cookie)).status).toBe(403);

    const buyer = await signedInUser();
    const forbidden = await get("dealer/contacts", buyer.cookie);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorJson).message).toBe(
      "Svetovalci in kontakti so na voljo le uporabnikom poslovne enote.",
    );
    expect((await get("dealer/contacts")).status).toBe(401);
    expect((await post("dealer/contacts", { name: "X", phone: "041 123 456" })).status).toBe(401);
  });

  it("shows the contacts added to all postings in the seller section of the dealership's postings", async () => {
    const { d, head } = await dealership();
    await post(
      "dealer/contacts",
      { name: "Prodaja", phone: "041 222 333", comment: "Pon–pet 8–18", addToAllPostings: true },
      head.cookie,
    );
    await post("dealer/contacts", { name: "Računovodstvo", email: "racuni@primer.si" }, head.cookie);
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: d.id, privatePosting: false });
    const detail = (await (await get(`postings/${posting.code}`)).json()) as { seller: { contacts: unknown[] } };
    expect(detail.seller.contacts).toEqual([
      { name: "Prodaja", phone: "+38641222333", email: null, comment: "Pon–pet 8–18" },
    ]);
  });

  it("lets an admin act for a dealership named by dealershipCode", async () => {
    const { d } = await dealership();
    const admin = await signedInUser({ amzsAdmin: true });
    expect((await get("dealer/contacts", admin.cookie)).status).toBe(400);
    const res = await post(
      `dealer/contacts?dealershipCode=${d.code}`,
      { name: "Uprava", email: "uprava@primer.si" },
      admin.cookie,
    );
    expect(res.status).toBe(201);
    const rows = await db().select().from(dealerContacts).where(eq(dealerContacts.dealershipId, d.id)).all();
    expect(rows.map((r) => r.name)).toEqual(["Uprava"]);
    expect((await get("dealer/contacts?dealershipCode=ni-takega", admin.cookie)).status).toBe(404);
  });
});

describe("salespeople", () => {
  it("lets the head add, rename and remove a salesperson; the phone is normalised", async () => {
    const { head, sales } = await dealership();
    const phone = mobile();
    const national = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    const added = await post(
      "dealer/salespeople",
      { phoneNumber: national, firstName: "Miha", lastName: "Kovač" },
      head.cookie,
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      phoneNumber: phone,
      firstName: "Miha",
      lastName: "Kovač",
      hasAccount: false,
      status: "INVITED",
    });

    // Every member reads the list.
    const list = (await (await get("dealer/salespeople", sales.cookie)).json()) as Salesperson[];
    expect(list.map((s) => s.phoneNumber)).toContain(phone);

    const renamed = await post(
      `dealer/salespeople/${phonePath(phone)}`,
      { firstName: "Mihael", lastName: "Kovač" },
      head.cookie,
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ firstName: "Mihael" });

    const again = await post(
      "dealer/salespeople",
      { phoneNumber: phone, firstName: "Miha", lastName: "Kovač" },
      head.cookie,
    );
    expect(again.status).toBe(409);

    expect((await del(`dealer/salespeople/${phonePath(phone)}`, head.cookie)).status).toBe(204);
    const after = (await (await get("dealer/salespeople", head.cookie)).json()) as Salesperson[];
    expect(after.map((s) => s.phoneNumber)).not.toContain(phone);
    expect((await del(`dealer/salespeople/${phonePath(phone)}`, head.cookie)).status).toBe(404);
  });

  it("refuses salespeople management to a salesperson (403) but lets them read", async () => {
    const { sales, salesPhone } = await dealership();
    expect((await get("dealer/salespeople", sales.cookie)).status).toBe(200);
    const add = await post(
      "dealer/salespeople",
      { phoneNumber: mobile(), firstName: "Nina", lastName: "Zupan" },
      sales.cookie,
    );
    expect(add.status).toBe(403);
    expect(((await add.json()) as ErrorJson).message).toBe("Svetovalce lahko ureja le vodja poslovne enote.");
    expect((await del(`dealer/salespeople/${phonePath(salesPhone)}`, sales.cookie)).status).toBe(403);
    expect(
      (await post(`dealer/salespeople/${phonePath(salesPhone)}`, { firstName: "Ana", lastName: "Novak" }, sales.cookie))
        .status,
    ).toBe(403);
    expect((await post(`dealer/salespeople/${phonePath(salesPhone)}/send-sms`, {}, sales.cookie)).status).toBe(403);
  });

  it("refuses a phone registered with another dealer with the spec's message, and non-mobile numbers", async () => {
    const a = await dealership();
    const b = await dealership();
    const taken = await post(
      "dealer/salespeople",
      { phoneNumber: b.salesPhone, firstName: "Sara", lastName: "Vidmar" },
      a.head.cookie,
    );
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorJson).message).toBe("Ta svetovalec je že registiran pri drugem trgovcu!");

    const landline = await post(
      "dealer/salespeople",
      { phoneNumber: "01 234 56 78", firstName: "Stacionarni", lastName: "Telefon" },
      a.head.cookie,
    );
    expect(landline.status).toBe(400);
    expect(((await landline.json()) as ErrorJson).message).toBe("Dovoljene so le slovenske mobilne številke.");

    // A's head cannot touch B's salesperson.
    expect((await del(`dealer/salespeople/${phonePath(b.salesPhone)}`, a.head.cookie)).status).toBe(404);
    expect(
      (await db().select().from(salespeople).where(eq(salespeople.phoneNumber, b.salesPhone)).get())?.dealershipId,
    ).toBe(b.d.id);
  });

  it("joins an account only when its owner accepts the invitation; removing them unassigns postings and ends membership", async () => {
    const { d, head } = await dealership();
    const phone = mobile();
    const person = await signedInUser({ phoneNumber: phone, firstName: "Luka", lastName: "Kos" });
    const added = await post(
      "dealer/salespeople",
      { phoneNumber: phone, firstName: "Luka", lastName: "Kos" },
      head.cookie,
    );
    expect(await added.json()).toMatchObject({ hasAccount: false, status: "INVITED" });
    expect(await db().select().from(users).where(eq(users.id, person.user.id)).get()).toMatchObject({
      dealershipId: null,
      dealershipRole: null,
    });

    expect((await post(`dealer-invitations/${await invitationToken(phone)}/accept`, {}, person.cookie)).status).toBe(
      200,
    );
    expect(await db().select().from(users).where(eq(users.id, person.user.id)).get()).toMatchObject({
      dealershipId: d.id,
      dealershipRole: "SALESPERSON",
    });
    // Their session is now a dealership member's.
    expect((await get("dealer/salespeople", person.cookie)).status).toBe(200);

    const posting = await publishedPosting({ userId: head.user.id, dealershipId: d.id, privatePosting: false });
    expect((await post(`postings/${posting.code}/delegate`, { phoneNumber: phone }, head.cookie)).status).toBe(200);
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBe(
      person.user.id,
    );

    expect((await del(`dealer/salespeople/${phonePath(phone)}`, head.cookie)).status).toBe(204);
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBeNull();
    expect(await db().select().from(users).where(eq(users.id, person.user.id)).get()).toMatchObject({
      dealershipId: null,
      dealershipRole: null,
    });
    expect((await get("dealer/salespeople", person.cookie)).status).toBe(403);
  });

  it("sends the invitation SMS into the outbox, records it, and rate-limits it", async () => {
    const { head } = await dealership();
    const phone = mobile();
    // Adding sends the first invitation; the call below sends it again with a new link.
    await post("dealer/salespeople", { phoneNumber: phone, firstName: "Eva", lastName: "Horvat" }, head.cookie);
    const sent = await post(`dealer/salespeople/${phonePath(phone)}/send-sms`, {}, head.cookie);
    expect(sent.status).toBe(200);
    const invited = (await sent.json()) as Salesperson;
    expect(invited.invitedAt).toBeTruthy();
    const outbox = (await (await call("/internal-api/v1/dev/outbox")).json()) as {
      to: string;
      channel: string;
      text: string;
    }[];
    const sms = outbox.find((msg) => msg.to === phone);
    expect(sms?.channel).toBe("sms");
    expect(sms?.text).toContain("/povabilo?token=");
    expect(
      ((await (await get("dealer/salespeople", head.cookie)).json()) as Salesperson[]).find(
        (s) => s.phoneNumber === phone,
      )?.invitedAt,
    ).toBe(invited.invitedAt);

    // The head's own "send link" call also reaches the salesperson; the fourth SMS within the hour is refused.
    expect((await post(`dealer/${phonePath(phone)}/send-sms`, {}, head.cookie)).status).toBe(202);
    const stockLink = (
      (await (await call("/internal-api/v1/dev/outbox")).json()) as { to: string; text: string }[]
    ).filter((msg) => msg.to === phone);
    expect(stockLink.some((msg) => msg.text.includes("/dms/zaloga") && !msg.text.includes("povabilo"))).toBe(true);
    const limited = await post(`dealer/salespeople/${phonePath(phone)}/send-sms`, {}, head.cookie);
    expect(limited.status).toBe(429);
    expect((await post(`dealer/${phonePath(mobile())}/send-sms`, {}, head.cookie)).status).toBe(404);
  });
});

describe("delegation", () => {
  it("assigns a posting to a salesperson of the same dealership by phone", async () => {
    const { d, head, sales, salesPhone } = await dealership();
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: d.id, privatePosting: false });
    const national = `0${salesPhone.slice(4, 6)} ${salesPhone.slice(6, 9)} ${salesPhone.slice(9)}`;
    const res = await post(`postings/${posting.code}/delegate`, { phoneNumber: national }, head.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: posting.code,
      salesperson: { phoneNumber: salesPhone, firstName: "Sara", lastName: "Vidmar" },
    });
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBe(
      sales.user.id,
    );
    // The salesperson hands it back to the head (a member with that phone).
    expect(
      (await post(`postings/${posting.code}/delegate`, { phoneNumber: head.user.phoneNumber }, sales.cookie)).status,
    ).toBe(200);
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBe(
      head.user.id,
    );
  });

  it("refuses another dealership's posting (403), an unknown phone (404) and a salesperson who has not accepted (409)", async () => {
    const a = await dealership();
    const b = await dealership();
    const bPosting = await publishedPosting({ userId: b.head.user.id, dealershipId: b.d.id, privatePosting: false });
    const other = await post(`postings/${bPosting.code}/delegate`, { phoneNumber: a.salesPhone }, a.head.cookie);
    expect(other.status).toBe(403);
    expect(((await other.json()) as ErrorJson).message).toBe("Oglas pripada drugi poslovni enoti.");
    expect(
      (await db().select().from(postings).where(eq(postings.id, bPosting.id)).get())?.salespersonUserId,
    ).toBeNull();

    const aPosting = await publishedPosting({ userId: a.head.user.id, dealershipId: a.d.id, privatePosting: false });
    const unknown = await post(`postings/${aPosting.code}/delegate`, { phoneNumber: b.salesPhone }, a.head.cookie);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorJson).message).toBe("Svetovalec s to številko ni v vaši poslovni enoti.");

    const noAccount = mobile();
    await post("dealer/salespeople", { phoneNumber: noAccount, firstName: "Brez", lastName: "Računa" }, a.head.cookie);
    const pending = await post(`postings/${aPosting.code}/delegate`, { phoneNumber: noAccount }, a.head.cookie);
    expect(pending.status).toBe(409);

    // An account with that phone changes nothing until its owner accepts; then delegation assigns them.
    const later = await signedInUser({ phoneNumber: noAccount, firstName: "Brez", lastName: "Računa" });
    expect((await post(`postings/${aPosting.code}/delegate`, { phoneNumber: noAccount }, a.head.cookie)).status).toBe(
      409,
    );
    expect((await post(`dealer-invitations/${await invitationToken(noAccount)}/accept`, {}, later.cookie)).status).toBe(
      200,
    );
    expect((await post(`postings/${aPosting.code}/delegate`, { phoneNumber: noAccount }, a.head.cookie)).status).toBe(
      200,
    );
    expect((await db().select().from(postings).where(eq(postings.id, aPosting.id)).get())?.salespersonUserId).toBe(
      later.user.id,
    );

    const buyer = await signedInUser();
    expect((await post(`postings/${aPosting.code}/delegate`, { phoneNumber: a.salesPhone }, buyer.cookie)).status).toBe(
      403,
    );
    expect((await post(`postings/${aPosting.code}/delegate`, { phoneNumber: a.salesPhone })).status).toBe(401);
    expect((await post("postings/NI-TAKEGA/delegate", { phoneNumber: a.salesPhone }, a.head.cookie)).status).toBe(404);
  });
});
