import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import {
  dealerContacts,
  dealerSignupRequests,
  dealershipNetworks,
  dealerships,
  salespeople,
} from "~/db/schema/dealerships";
import { creditDayLedger } from "~/db/schema/featuring";
import { postings } from "~/db/schema/postings";
import { users } from "~/db/schema/users";
import type { ErrorBody } from "~/domain/errors";
import { dealerAdminMessages as msg } from "~/contracts/admin-dealers";
import type {
  AdminDealership,
  AdminDealershipList,
  AdminNetwork,
  AdminSalespeopleList,
  AdminSignupRequest,
  AdminUser,
  CreditLedger,
} from "~/contracts/admin-dealers";
import { extractKeyPrefix } from "~/services/dealer-signup.server";
import { call, db, publishedPosting, signedInUser } from "./fixtures";

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
// Each test file draws fresh numbers from its own mobile prefix, so files never collide on a number.
/** A fresh Slovenian mobile number (canonical form). */
const freshMobile = () => `+38671${String(100000 + ((Date.now() + n++ * 7919) % 900000)).slice(-6)}`;

const api = (path: string, cookie?: string, init: RequestInit = {}) => {
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}) };
  if (typeof init.body === "string") headers["content-type"] = "application/json";
  return call(`/internal-api/v1${path}`, { ...init, headers });
};
const postJson = (path: string, cookie: string | undefined, body: unknown) =>
  api(path, cookie, { method: "POST", body: JSON.stringify(body) });
const errorOf = async (res: Response) => (await res.json()) as ErrorBody;
/** A DELETE of a dealership or network with the typed name (decision 073). */
const typedDelete = (confirmName: string | null): RequestInit => ({
  method: "DELETE",
  body: JSON.stringify(confirmName === null ? {} : { confirmName }),
});
const fieldMessages = async (res: Response) => (await errorOf(res)).fieldErrors.map((e) => `${e.field}: ${e.message}`);

const admin = () => signedInUser({ amzsAdmin: true, amzsPostingEditor: true });
const editor = () => signedInUser({ amzsPostingEditor: true });

/** A dealership of its own (override any column); `code` is unique. */
async function dealership(values: Partial<typeof dealerships.$inferInsert> = {}) {
  const code = `ad-${unique()}`;
  const [row] = await db()
    .insert(dealerships)
    .values({ code, name: "Avto Admin d.o.o.", publicName: "Avto Admin", advertisingDays: 0, ...values })
    .returning();
  if (!row) throw new Error("dealership not inserted");
  return row as typeof row & { code: string };
}

async function network(values: Partial<typeof dealershipNetworks.$inferInsert> = {}) {
  const [row] = await db()
    .insert(dealershipNetworks)
    .values({ code: `mr-${unique()}`, name: "Mreža Test", ...values })
    .returning();
  if (!row) throw new Error("network not inserted");
  return row;
}

/** A PENDING dealer sign-up request with its extract in R2. */
async function signupRequest() {
  const extractKey = `${extractKeyPrefix}${crypto.randomUUID()}.pdf`;
  await env.MEDIA.put(extractKey, "%PDF-1.4 izpisek", { httpMetadata: { contentType: "application/pdf" } });
  const [row] = await db()
    .insert(dealerSignupRequests)
    .values({
      companyName: `Avtohiša Prijava ${unique()} d.o.o.`,
      taxNumber: "80267432",
      registrationNumber: "5860571000",
      firstName: "Maja",
      lastName: "Kovač",
      phone: freshMobile(),
      email: `prijava-${unique()}@primer.si`,
      pinHash: `hash-${unique()}`,
      extractKey,
      extractMimeType: "application/pdf",
      emailVerifiedAt: new Date().toISOString(),
    })
    .returning();
  if (!row) throw new Error("request not inserted");
  return row;
}

/** A complete, valid admin dealership form. */
const validDealership = (over: Record<string, unknown> = {}) => ({
  name: `Avtohiša Nova ${unique()} d.o.o.`,
  publicName: null,
  address: "Cesta 1",
  postalCode: "1000",
  city: "Ljubljana",
  region: "LJUBLJANA",
  email: "info@nova.si",
  phone: "+386 1 200 30 40",
  weekdayFrom: "08:00",
  weekdayTo: "17:00",
  saturdayFrom: "",
  saturdayTo: "",
  webPage: "www.nova.si",
  facebook: "",
  instagram: "",
  tiktok: "",
  youtube: "",
  brands: [],
  networkCode: null,
  subscriptionEndDate: "2030-12-31",
  buyerNumber: "ERP-20001",
  taxNumber: "SI 80267432",
  registrationNumber: "5860571000",
  responsibleFirstName: "Maja",
  responsibleLastName: "Kovač",
  responsiblePhone: "041 123 456",
  responsibleEmail: "maja@nova.si",
  remark: "Novo podjetje",
  ...over,
});

// A real 1 × 1 PNG and a JPEG header with a chosen frame size (all the server reads of a banner).
const pngBytes = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);
const jpegOf = (width: number, height: number) =>
  Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);
const logoFile = () => new File([pngBytes], "logo.png", { type: "image/png" });
const bannerFile = (width = 1440, height = 500) =>
  new File([jpegOf(width, height)], "pasica.jpg", { type: "image/jpeg" });

function networkForm(parts: { dealership?: unknown; logo?: File; banner?: File }) {
  const form = new FormData();
  if (parts.dealership !== undefined) form.set("dealership", JSON.stringify(parts.dealership));
  if (parts.logo) form.set("logo", parts.logo);
  if (parts.banner) form.set("banner", parts.banner);
  return form;
}
const sendNetwork = (path: string, cookie: string | undefined, parts: Parameters<typeof networkForm>[0]) =>
  api(path, cookie, { method: "POST", body: networkForm(parts) });

type Endpoint = {
  name: string;
  /** Editors may use it (listing and editing dealerships); everything else is for admins only. */
  editor: boolean;
  /** A fresh request; `valid` false sends a body the validators would refuse (the guard must answer first). */
  request: (valid: boolean) => Promise<{ path: string; init: RequestInit }>;
};

const endpoints: Endpoint[] = [
  { name: "GET dealer", editor: true, request: async () => ({ path: "/dealer?q=Avto", init: {} }) },
  {
    name: "POST dealer",
    editor: false,
    request: async (valid) => ({
      path: "/dealer",
      init: { method: "POST", body: JSON.stringify(valid ? validDealership() : {}) },
    }),
  },
  {
    name: "POST dealer/{code}",
    editor: true,
    request: async (valid) => ({
      path: `/dealer/${(await dealership()).code}`,
      init: { method: "POST", body: JSON.stringify(valid ? validDealership() : { name: "" }) },
    }),
  },
  {
    name: "DELETE dealer/{code}",
    editor: false,
    request: async (valid) => ({
      path: `/dealer/${(await dealership()).code}`,
      init: typedDelete(valid ? "Avto Admin" : null),
    }),
  },
  {
    name: "GET dealer/{code}/credit-days",
    editor: false,
    request: async () => ({ path: `/dealer/${(await dealership()).code}/credit-days`, init: {} }),
  },
  {
    name: "POST dealer/{code}/credit-days",
    editor: false,
    request: async (valid) => ({
      path: `/dealer/${(await dealership()).code}/credit-days`,
      init: { method: "POST", body: JSON.stringify({ amount: valid ? 5 : 0 }) },
    }),
  },
  { name: "GET dealer-network", editor: false, request: async () => ({ path: "/dealer-network", init: {} }) },
  {
    name: "POST dealer-network",
    editor: false,
    request: async (valid) => ({
      path: "/dealer-network",
      init: { method: "POST", body: networkForm({ dealership: valid ? { name: `Mreža ${unique()}` } : {} }) },
    }),
  },
  {
    name: "POST dealer-network/{code}",
    editor: false,
    request: async (valid) => ({
      path: `/dealer-network/${(await network()).code}`,
      init: { method: "POST", body: networkForm({ dealership: valid ? { name: "Preimenovana" } : { name: "" } }) },
    }),
  },
  {
    name: "DELETE dealer-network/{code}",
    editor: false,
    request: async (valid) => ({
      path: `/dealer-network/${(await network()).code}`,
      init: typedDelete(valid ? "Mreža Test" : null),
    }),
  },
  { name: "GET admin/salespeople", editor: false, request: async () => ({ path: "/admin/salespeople", init: {} }) },
  {
    name: "POST admin/salespeople",
    editor: false,
    request: async (valid) => ({
      path: "/admin/salespeople",
      init: {
        method: "POST",
        body: JSON.stringify(
          valid
            ? {
                dealershipCode: (await dealership()).code,
                phoneNumber: freshMobile(),
                firstName: "Nejc",
                lastName: "Bizjak",
              }
            : { phoneNumber: "01 234 56 78" },
        ),
      },
    }),
  },
  {
    name: "DELETE admin/salespeople/{phoneNumber}",
    editor: false,
    request: async () => {
      const phoneNumber = freshMobile();
      await db()
        .insert(salespeople)
        .values({ dealershipId: (await dealership()).id, phoneNumber, firstName: "Nejc", lastName: "Bizjak" });
      return { path: `/admin/salespeople/${encodeURIComponent(phoneNumber)}`, init: { method: "DELETE" } };
    },
  },
  { name: "GET admin/users", editor: false, request: async () => ({ path: "/admin/users?q=primer", init: {} }) },
  {
    name: "GET dealer-signup-interest",
    editor: false,
    request: async () => ({ path: "/dealer-signup-interest", init: {} }),
  },
  {
    name: "GET dealer-signup-interest/{id}/extract",
    editor: false,
    request: async () => ({ path: `/dealer-signup-interest/${(await signupRequest()).id}/extract`, init: {} }),
  },
  {
    name: "POST dealer-signup-interest/{id}/confirm",
    editor: false,
    request: async () => ({
      path: `/dealer-signup-interest/${(await signupRequest()).id}/confirm`,
      init: { method: "POST" },
    }),
  },
  {
    name: "POST dealer-signup-interest/{id}/reject",
    editor: false,
    request: async () => ({
      path: `/dealer-signup-interest/${(await signupRequest()).id}/reject`,
      init: { method: "POST" },
    }),
  },
];

describe("admin dealer calls: who may call them", () => {
  it("answers 401 signed out, 403 to users, dealer heads and (for admin-only calls) editors, 2xx to admins and editors where allowed", async () => {
    const user = await signedInUser();
    const head = await signedInUser({ dealershipId: (await dealership()).id, dealershipRole: "HEAD" });
    const ed = await editor();
    const ad = await admin();
    const seen: string[] = [];
    for (const endpoint of endpoints) {
      const { path, init } = await endpoint.request(false);
      const anonymous = await api(path, undefined, init);
      seen.push(`${endpoint.name} anonymous ${anonymous.status}`);
      for (const [who, cookie] of [
        ["user", user.cookie],
        ["head", head.cookie],
      ] as const) {
        // The body of a wrong role is never validated: 403, not 400.
        const res = await api(path, cookie, (await endpoint.request(false)).init);
        seen.push(`${endpoint.name} ${who} ${res.status} ${(await errorOf(res)).message}`);
      }
      const asEditor = await endpoint.request(true);
      const byEditor = await api(asEditor.path, ed.cookie, asEditor.init);
      seen.push(
        `${endpoint.name} editor ${endpoint.editor ? (byEditor.ok ? "2xx" : byEditor.status) : `${byEditor.status} ${(await errorOf(byEditor)).message}`}`,
      );
      const asAdmin = await endpoint.request(true);
      const byAdmin = await api(asAdmin.path, ad.cookie, asAdmin.init);
      seen.push(`${endpoint.name} admin ${byAdmin.ok ? "2xx" : `${byAdmin.status} ${await byAdmin.text()}`}`);
    }
    const expected = endpoints.flatMap((e) => {
      const role = e.editor ? "You are not an editor" : "You are not an admin";
      return [
        `${e.name} anonymous 401`,
        `${e.name} user 403 ${role}`,
        `${e.name} head 403 ${role}`,
        `${e.name} editor ${e.editor ? "2xx" : "403 You are not an admin"}`,
        `${e.name} admin 2xx`,
      ];
    });
    expect(seen).toEqual(expected);
  });
});

describe("dealerships", () => {
  it("lists dealerships with search, paging, members, postings and the credit-day balance", async () => {
    const name = `Iskani Trgovec ${unique()}`;
    const d = await dealership({ name: `${name} d.o.o.`, publicName: name, advertisingDays: 33 });
    await signedInUser({ dealershipId: d.id, dealershipRole: "HEAD" });
    await publishedPosting({ dealershipId: d.id });
    await publishedPosting({ dealershipId: d.id, status: "SOLD" });
    const res = await api(`/dealer?q=${encodeURIComponent(name.toLowerCase())}`, (await editor()).cookie);
    expect(res.status).toBe(200);
    const list = (await res.json()) as AdminDealershipList;
    expect(list.total).toBe(1);
    expect(list.dealerships[0]).toMatchObject({
      code: d.code,
      publicName: name,
      members: 1,
      postings: 2,
      publishedPostings: 1,
      advertisingDays: 33,
    });
    const paged = (await (await api("/dealer?size=2&page=2", (await admin()).cookie)).json()) as AdminDealershipList;
    expect(paged).toMatchObject({ page: 2, size: 2 });
    expect(paged.dealerships).toHaveLength(2);
  });

  it("says which required field is empty, with the spec's messages, and refuses a wrong e-mail", async () => {
    const ad = await admin();
    const empty = await postJson(
      "/dealer",
      ad.cookie,
      validDealership({
        name: " ",
        responsibleFirstName: "",
        responsibleLastName: "",
        responsiblePhone: "",
        responsibleEmail: "",
        buyerNumber: "",
        taxNumber: "",
        registrationNumber: "",
        subscriptionEndDate: "",
      }),
    );
    expect(empty.status).toBe(400);
    expect(await fieldMessages(empty)).toEqual([
      "name: Ime podjetja ne sme biti prazno!",
      "subscriptionEndDate: Datum konca naročnine ne sme biti prazen!",
      "buyerNumber: Številka kupca ne sme biti prazna!",
      "taxNumber: Davčna številka ne sme biti prazna!",
      "registrationNumber: Matična številka ne sme biti prazna!",
      "responsibleFirstName: Ime ne sme biti prazno!",
      "responsibleLastName: Priimek ne sme biti prazen!",
      "responsiblePhone: Telefon ne sme biti prazen!",
      "responsibleEmail: E-pošta ne sme biti prazna!",
    ]);
    const wrong = await postJson(
      "/dealer",
      ad.cookie,
      validDealership({
        responsibleEmail: "maja.primer.si",
        email: "info@nova",
        responsiblePhone: "01 234 56 78",
        subscriptionEndDate: "2030-02-30",
      }),
    );
    expect(await fieldMessages(wrong)).toEqual([
      "email: Napačen zapis email!",
      "subscriptionEndDate: Napačen zapis datuma!",
      "responsiblePhone: Dovoljene so le slovenske mobilne številke.",
      "responsibleEmail: Napačen zapis email!",
    ]);
    const unknownNetwork = await postJson("/dealer", ad.cookie, validDealership({ networkCode: "ni-take-mreze" }));
    expect(await fieldMessages(unknownNetwork)).toEqual(["networkCode: Poslovna mreža ne obstaja."]);
    expect(msg.emailInvalid).toBe("Napačen zapis email!");
  });

  it("creates a dealership with a code from its name and edits every field; both are in the audit log", async () => {
    const ad = await admin();
    const net = await network();
    const created = await postJson(
      "/dealer",
      ad.cookie,
      validDealership({ name: "Avtohiša Čuk d.o.o.", networkCode: net.code }),
    );
    expect(created.status).toBe(201);
    const body = (await created.json()) as AdminDealership;
    expect(body.code).toMatch(/^avtohisa-cuk(-\d+)?$/);
    expect(body).toMatchObject({
      name: "Avtohiša Čuk d.o.o.",
      network: { code: net.code, name: "Mreža Test" },
      advertisingDays: 0,
      taxNumber: "80267432",
      responsiblePhone: "+38641123456",
      webPage: "https://www.nova.si",
      saturdayFrom: null,
    });

    // An editor changes it; the admin-only balance stays.
    const ed = await editor();
    const edited = await postJson(
      `/dealer/${body.code}`,
      ed.cookie,
      validDealership({
        name: "Avtohiša Čuk in sin d.o.o.",
        publicName: "Čuk",
        networkCode: null,
        remark: "Podaljšana naročnina",
        subscriptionEndDate: "2031-06-30",
      }),
    );
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      code: body.code,
      name: "Avtohiša Čuk in sin d.o.o.",
      publicName: "Čuk",
      network: null,
      remark: "Podaljšana naročnina",
      subscriptionEndDate: "2031-06-30",
      advertisingDays: 0,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "dealership"), eq(auditLog.entityId, String(body.id))))
      .all();
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([["dealer.update", ed.user.id]]);
    expect(JSON.parse(audit[0]?.beforeJson ?? "{}")).toMatchObject({ name: "Avtohiša Čuk d.o.o.", networkId: net.id });
    const createdAudit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "dealer.create"), eq(auditLog.entityId, body.code ?? "")))
      .all();
    expect(createdAudit).toHaveLength(1);
    expect((await postJson("/dealer/ni-take-enote", ad.cookie, validDealership())).status).toBe(404);
  });

  it("refuses to delete a dealership with postings or members, and keeps everything", async () => {
    const ad = await admin();
    const withPosting = await dealership({ advertisingDays: 20 });
    const posting = await publishedPosting({ dealershipId: withPosting.id, status: "REMOVED" });
    await db().insert(creditDayLedger).values({ dealershipId: withPosting.id, amount: 20, reason: "Začetno" });
    const res = await api(`/dealer/${withPosting.code}`, ad.cookie, typedDelete("Avto Admin"));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("Poslovne enote ni mogoče izbrisati, ker ima še oglase ali člane.");
    expect(await db().select().from(dealerships).where(eq(dealerships.id, withPosting.id)).get()).toMatchObject({
      code: withPosting.code,
      advertisingDays: 20,
    });
    expect(await db().select({ id: postings.id }).from(postings).where(eq(postings.id, posting.id)).get()).toEqual({
      id: posting.id,
    });
    expect(
      await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, withPosting.id)).all(),
    ).toHaveLength(1);

    const withMember = await dealership();
    const member = await signedInUser({ dealershipId: withMember.id, dealershipRole: "SALESPERSON" });
    const refused = await api(`/dealer/${withMember.code}`, ad.cookie, typedDelete("Avto Admin"));
    expect(refused.status).toBe(409);
    expect(
      (await db().select({ dealershipId: users.dealershipId }).from(users).where(eq(users.id, member.user.id)).get())
        ?.dealershipId,
    ).toBe(withMember.id);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "dealer.delete"), eq(auditLog.entityId, String(withMember.id))))
        .all(),
    ).toEqual([]);
  });

  it("deletes a dealership or network only with its name typed as the list shows it (attack: none, wrong, other case, another's name, a non-admin)", async () => {
    const ad = await admin();
    const d = await dealership({ name: "Avtocenter Golob d.o.o.", publicName: "Avtocenter Golob" });
    const other = await dealership({ name: "Avto Drugi d.o.o.", publicName: "Avto Drugi" });
    const net = await network({ name: "Mreža Golob" });
    const refusals: string[] = [];
    for (const [path, body] of [
      [`/dealer/${d.code}`, { method: "DELETE" }],
      [`/dealer/${d.code}`, typedDelete(null)],
      [`/dealer/${d.code}`, typedDelete("")],
      [`/dealer/${d.code}`, typedDelete("Avtocenter Golo")],
      [`/dealer/${d.code}`, typedDelete("avtocenter golob")],
      // The registered name is not what the list shows: the public name is.
      [`/dealer/${d.code}`, typedDelete("Avtocenter Golob d.o.o.")],
      [`/dealer/${d.code}`, typedDelete("Avto Drugi")],
      [`/dealer/${d.code}`, { method: "DELETE", body: JSON.stringify({ confirmName: 42 }) }],
      [`/dealer-network/${net.code}`, typedDelete(null)],
      [`/dealer-network/${net.code}`, typedDelete("Mreža")],
    ] as const) {
      const res = await api(path, ad.cookie, body);
      const error = await errorOf(res);
      refusals.push(`${res.status} ${error.fieldErrors.map((e) => e.field).join(",")}`);
    }
    expect(refusals).toEqual(Array(10).fill("400 confirmName"));
    const user = await signedInUser();
    // A dealer (the head of another dealership: a member would block the delete with 409) and an editor.
    const head = await signedInUser({ dealershipId: other.id, dealershipRole: "HEAD" });
    const ed = await editor();
    for (const cookie of [user.cookie, head.cookie, ed.cookie])
      expect((await api(`/dealer/${d.code}`, cookie, typedDelete("Avtocenter Golob"))).status).toBe(403);
    expect((await api(`/dealer/${d.code}`, undefined, typedDelete("Avtocenter Golob"))).status).toBe(401);
    expect(await db().select().from(dealerships).where(eq(dealerships.id, d.id)).get()).toMatchObject({ code: d.code });
    expect(await db().select().from(dealershipNetworks).where(eq(dealershipNetworks.id, net.id)).get()).toBeDefined();
    // The right names, at once: each goes, the other dealership stays.
    const [gone, netGone] = await Promise.all([
      api(`/dealer/${d.code}`, ad.cookie, typedDelete("Avtocenter Golob")),
      api(`/dealer-network/${net.code}`, ad.cookie, typedDelete(" Mreža Golob")),
    ]);
    expect([gone.status, netGone.status]).toEqual([204, 204]);
    expect(await db().select().from(dealerships).where(eq(dealerships.id, other.id)).get()).toBeDefined();
  });

  it("deletes an unused dealership with its contacts and keeps a snapshot in the audit log", async () => {
    const ad = await admin();
    const d = await dealership();
    await db().insert(dealerContacts).values({ dealershipId: d.id, name: "Recepcija", phone: "+38612003040" });
    const res = await api(`/dealer/${d.code}`, ad.cookie, typedDelete(" Avto  Admin "));
    expect(res.status).toBe(204);
    expect(await db().select().from(dealerships).where(eq(dealerships.id, d.id)).get()).toBeUndefined();
    expect(await db().select().from(dealerContacts).where(eq(dealerContacts.dealershipId, d.id)).all()).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "dealer.delete"), eq(auditLog.entityId, String(d.id))))
      .all();
    expect(entry?.actorUserId).toBe(ad.user.id);
    expect(JSON.parse(entry?.beforeJson ?? "{}")).toMatchObject({
      dealership: { code: d.code },
      contacts: [{ name: "Recepcija" }],
    });
    expect((await api(`/dealer/${d.code}`, ad.cookie, typedDelete("Avto Admin"))).status).toBe(404);
  });
});

describe("advertising credit days", () => {
  it("adds days: each grant is a ledger row and the balance grows by exactly the ledger's sum", async () => {
    const ad = await admin();
    const d = await dealership({ advertisingDays: 10 });
    await db().insert(creditDayLedger).values({ dealershipId: d.id, amount: 10, reason: "Začetno" });
    const ledgerSum = async () =>
      (await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, d.id)).all()).reduce(
        (s, e) => s + e.amount,
        0,
      );
    const balance = async () =>
      (await db().select({ days: dealerships.advertisingDays }).from(dealerships).where(eq(dealerships.id, d.id)).get())
        ?.days ?? -1;
    const before = { sum: await ledgerSum(), balance: await balance() };

    const first = await postJson(`/dealer/${d.code}/credit-days`, ad.cookie, { amount: 30 });
    expect(first.status).toBe(201);
    const second = await postJson(`/dealer/${d.code}/credit-days`, ad.cookie, { amount: 7, reason: "Akcija pomlad" });
    const ledger = (await second.json()) as CreditLedger;
    expect(ledger).toMatchObject({ code: d.code, advertisingDays: 47, ledgerTotal: 47 });
    expect(ledger.entries.map((e) => [e.amount, e.reason])).toEqual([
      [7, "Akcija pomlad"],
      [30, "Dodelitev skrbnika"],
      [10, "Začetno"],
    ]);
    expect(ledger.entries[0]?.actor).toBe("Ana Novak");
    expect((await ledgerSum()) - before.sum).toBe(37);
    expect((await balance()) - before.balance).toBe(37);
    expect(await (await api(`/dealer/${d.code}/credit-days`, ad.cookie)).json()).toEqual(ledger);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "dealer.credit-days"), eq(auditLog.entityId, String(d.id))))
      .orderBy(desc(auditLog.id))
      .all();
    expect(audit.map((a) => JSON.parse(a.afterJson ?? "{}").advertisingDays)).toEqual([47, 40]);
  });

  it("refuses anything but a whole number of days greater than 0, and changes nothing", async () => {
    const ad = await admin();
    const d = await dealership({ advertisingDays: 5 });
    for (const amount of [0, -3, 1.5, "10", null]) {
      const res = await postJson(`/dealer/${d.code}/credit-days`, ad.cookie, { amount });
      expect(res.status).toBe(400);
      expect(await fieldMessages(res)).toEqual(["amount: Število dni mora biti število, večje od 0!"]);
    }
    expect(await fieldMessages(await postJson(`/dealer/${d.code}/credit-days`, ad.cookie, {}))).toEqual([
      "amount: Število dni mora biti število, večje od 0!",
    ]);
    expect(
      (await db().select({ days: dealerships.advertisingDays }).from(dealerships).where(eq(dealerships.id, d.id)).get())
        ?.days,
    ).toBe(5);
    expect(await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, d.id)).all()).toEqual([]);
    expect((await postJson("/dealer/ni-take-enote/credit-days", ad.cookie, { amount: 5 })).status).toBe(404);
  });
});

describe("dealership networks", () => {
  it("creates a network with a logo and a banner, replaces the logo and lists it with its dealerships", async () => {
    const ad = await admin();
    const name = `Mreža Slika ${unique()}`;
    const res = await sendNetwork("/dealer-network", ad.cookie, {
      dealership: { name, city: "Celje", webPage: "www.mreza.si" },
      logo: logoFile(),
      banner: bannerFile(),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as AdminNetwork;
    expect(created).toMatchObject({ name, city: "Celje", webPage: "https://www.mreza.si", dealerships: 0 });
    expect(created.logoUrl).toMatch(/^\/media\/networks\/.+-logo\.png$/);
    const logoKey = (created.logoUrl ?? "").replace(/^\/media\//, "");
    expect(await env.MEDIA.head(logoKey)).not.toBeNull();
    const picture = await call(created.logoUrl ?? "");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");

    const replaced = await sendNetwork(`/dealer-network/${created.code}`, ad.cookie, {
      dealership: { name: `${name} 2` },
      logo: logoFile(),
    });
    expect(replaced.status).toBe(200);
    const after = (await replaced.json()) as AdminNetwork;
    expect(after.logoUrl).not.toBe(created.logoUrl);
    expect(after.bannerUrl).toBe(created.bannerUrl);
    expect(await env.MEDIA.head(logoKey)).toBeNull();

    await dealership({ networkId: created.id });
    const list = (await (await api("/dealer-network", ad.cookie)).json()) as AdminNetwork[];
    expect(list.find((x) => x.code === created.code)).toMatchObject({ name: `${name} 2`, dealerships: 1 });
  });

  it("refuses a network without a name, a banner of the wrong size and a text file as logo, storing nothing", async () => {
    const ad = await admin();
    const before = (await env.MEDIA.list({ prefix: "networks/" })).objects.length;
    const res = await sendNetwork("/dealer-network", ad.cookie, {
      dealership: { name: "" },
      logo: new File(["ni slika"], "logo.png", { type: "image/png" }),
      banner: bannerFile(800, 600),
    });
    expect(res.status).toBe(400);
    expect(await fieldMessages(res)).toEqual([
      "name: Ime poslovne mreže ne sme biti prazno!",
      "logo: Dovoljene so slike JPEG, PNG ali WebP.",
      "banner: Pasica mora meriti natanko 1440 × 500 slikovnih pik.",
    ]);
    expect((await env.MEDIA.list({ prefix: "networks/" })).objects.length).toBe(before);
  });

  it("refuses to delete a network while dealerships belong to it; an empty one goes", async () => {
    const ad = await admin();
    const used = await network();
    const member = await dealership({ networkId: used.id });
    const res = await api(`/dealer-network/${used.code}`, ad.cookie, typedDelete("Mreža Test"));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(
      "Poslovne mreže ni mogoče izbrisati, ker ji še pripadajo poslovne enote.",
    );
    expect(await db().select().from(dealershipNetworks).where(eq(dealershipNetworks.id, used.id)).get()).toMatchObject({
      code: used.code,
    });
    expect(
      (
        await db()
          .select({ networkId: dealerships.networkId })
          .from(dealerships)
          .where(eq(dealerships.id, member.id))
          .get()
      )?.networkId,
    ).toBe(used.id);

    const empty = await network();
    expect((await api(`/dealer-network/${empty.code}`, ad.cookie, typedDelete("Mreža Test"))).status).toBe(204);
    expect(
      await db().select().from(dealershipNetworks).where(eq(dealershipNetworks.id, empty.id)).get(),
    ).toBeUndefined();
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "dealer-network.delete"), eq(auditLog.entityId, String(empty.id))))
        .all(),
    ).toHaveLength(1);
  });
});

describe("salespeople of every dealer", () => {
  it("adds a salesperson to a chosen dealership, lists and removes them; a phone of another dealer is refused", async () => {
    const ad = await admin();
    const a = await dealership({ publicName: `Trgovec A ${unique()}` });
    const b = await dealership({ publicName: `Trgovec B ${unique()}` });
    const phone = freshMobile();
    const typed = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    const added = await postJson("/admin/salespeople", ad.cookie, {
      dealershipCode: a.code,
      phoneNumber: typed,
      firstName: "Nejc",
      lastName: "Bizjak",
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ phoneNumber: phone, firstName: "Nejc", hasAccount: false });

    const taken = await postJson("/admin/salespeople", ad.cookie, {
      dealershipCode: b.code,
      phoneNumber: phone,
      firstName: "Nejc",
      lastName: "Bizjak",
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe("Ta svetovalec je že registiran pri drugem trgovcu!");

    // A member of another dealership (with that phone on their account) is only invited: the answer does
    // not tell that an account exists, and they stay where they are (decision 033).
    const memberPhone = freshMobile();
    const member = await signedInUser({ phoneNumber: memberPhone, dealershipId: b.id, dealershipRole: "SALESPERSON" });
    const memberOfB = await postJson("/admin/salespeople", ad.cookie, {
      dealershipCode: a.code,
      phoneNumber: memberPhone,
      firstName: "Tina",
      lastName: "Kos",
    });
    expect(memberOfB.status).toBe(201);
    expect((await db().select().from(users).where(eq(users.id, member.user.id)).get())?.dealershipId).toBe(b.id);

    const landline = await postJson("/admin/salespeople", ad.cookie, {
      dealershipCode: a.code,
      phoneNumber: "01 234 56 78",
      firstName: "Tina",
      lastName: "Kos",
    });
    expect(await fieldMessages(landline)).toEqual(["phoneNumber: Dovoljene so le slovenske mobilne številke."]);

    const list = (await (
      await api(`/admin/salespeople?dealershipCode=${a.code}`, ad.cookie)
    ).json()) as AdminSalespeopleList;
    expect(list.salespeople.map((s) => [s.phoneNumber, s.dealership.code, s.status])).toEqual([
      [phone, a.code, "INVITED"],
      [memberPhone, a.code, "INVITED"],
    ]);
    const searched = (await (
      await api(`/admin/salespeople?q=${encodeURIComponent(a.publicName ?? "")}`, ad.cookie)
    ).json()) as AdminSalespeopleList;
    expect(searched.total).toBe(2);

    expect((await api(`/admin/salespeople/${encodeURIComponent(phone)}`, ad.cookie, { method: "DELETE" })).status).toBe(
      204,
    );
    expect(await db().select().from(salespeople).where(eq(salespeople.phoneNumber, phone)).get()).toBeUndefined();
    expect((await api(`/admin/salespeople/${encodeURIComponent(phone)}`, ad.cookie, { method: "DELETE" })).status).toBe(
      404,
    );
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "salesperson"), eq(auditLog.entityId, phone)))
      .all();
    expect(audit.map((e) => [e.action, e.actorUserId])).toEqual([
      ["salesperson.add", ad.user.id],
      ["salesperson.remove", ad.user.id],
    ]);
  });
});

describe("dealer sign-up requests", () => {
  it("lists a pending request with its extract, which only admins download (never through /media)", async () => {
    const ad = await admin();
    const request = await signupRequest();
    const list = (await (await api("/dealer-signup-interest", ad.cookie)).json()) as AdminSignupRequest[];
    const item = list.find((r) => r.id === request.id);
    expect(item).toMatchObject({
      companyName: request.companyName,
      status: "PENDING",
      extractUrl: `/internal-api/v1/dealer-signup-interest/${request.id}/extract`,
    });
    expect(item).not.toHaveProperty("pinHash");
    const file = await call(item?.extractUrl ?? "", { headers: { cookie: ad.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="izpisek-${request.id}.pdf"`);
    expect(await file.text()).toBe("%PDF-1.4 izpisek");
    expect((await call(`/media/${request.extractKey}`)).status).toBe(404);
  });

  it("confirming a request from the admin API creates the dealership with the applicant as its head", async () => {
    const ad = await admin();
    const request = await signupRequest();
    const res = await api(`/dealer-signup-interest/${request.id}/confirm`, ad.cookie, { method: "POST" });
    expect(res.status).toBe(200);
    const { code, dealershipId, userId } = (await res.json()) as { code: string; dealershipId: number; userId: number };
    expect(await db().select().from(dealerships).where(eq(dealerships.id, dealershipId)).get()).toMatchObject({
      code,
      name: request.companyName,
      taxNumber: "80267432",
    });
    expect(
      await db()
        .select({ email: users.email, role: users.dealershipRole, dealershipId: users.dealershipId })
        .from(users)
        .where(eq(users.id, userId))
        .get(),
    ).toEqual({
      email: request.email,
      role: "HEAD",
      dealershipId,
    });
    const list = (await (await api(`/dealer?q=${encodeURIComponent(code)}`, ad.cookie)).json()) as AdminDealershipList;
    expect(list.dealerships.map((d) => [d.code, d.members])).toEqual([[code, 1]]);
    const pending = (await (await api("/dealer-signup-interest", ad.cookie)).json()) as AdminSignupRequest[];
    expect(pending.some((r) => r.id === request.id)).toBe(false);
    const decided = (await (
      await api("/dealer-signup-interest?status=DECIDED", ad.cookie)
    ).json()) as AdminSignupRequest[];
    expect(decided.find((r) => r.id === request.id)).toMatchObject({
      status: "CONFIRMED",
      dealershipCode: code,
      decidedBy: "Ana Novak",
    });
    const again = await api(`/dealer-signup-interest/${request.id}/confirm`, ad.cookie, { method: "POST" });
    expect(again.status).toBe(409);
  });

  it("rejects a request: it leaves the pending list and no dealership is created", async () => {
    const ad = await admin();
    const request = await signupRequest();
    expect((await api(`/dealer-signup-interest/${request.id}/reject`, ad.cookie, { method: "POST" })).status).toBe(204);
    expect(
      await db()
        .select({ status: dealerSignupRequests.status, dealershipId: dealerSignupRequests.dealershipId })
        .from(dealerSignupRequests)
        .where(eq(dealerSignupRequests.id, request.id))
        .get(),
    ).toEqual({
      status: "REJECTED",
      dealershipId: null,
    });
  });
});

describe("user search for impersonation", () => {
  it("finds an account by phone however it is typed, by e-mail and by id", async () => {
    const ad = await admin();
    const phone = freshMobile();
    const target = await signedInUser({ phoneNumber: phone, firstName: "Iskana", lastName: "Oseba" });
    const typed = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    for (const q of [typed, target.user.email ?? "", String(target.user.id)]) {
      const found = (await (await api(`/admin/users?q=${encodeURIComponent(q)}`, ad.cookie)).json()) as AdminUser[];
      expect(found.map((u) => u.id)).toContain(target.user.id);
    }
    const found = (await (await api(`/admin/users?q=${encodeURIComponent(typed)}`, ad.cookie)).json()) as AdminUser[];
    expect(found.find((u) => u.id === target.user.id)).toMatchObject({
      name: "Iskana Oseba",
      phoneNumber: phone,
      dealership: null,
    });
  });
});
