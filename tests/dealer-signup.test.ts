import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { dealerSignupRequests, dealerships } from "~/db/schema/dealerships";
import { outbox } from "~/db/schema/system";
import { users } from "~/db/schema/users";
import type { ErrorBody } from "~/domain/errors";
import { dealerSignupMessages as msg } from "~/contracts/dealer-signup";
import { validationMessages } from "~/domain/validators";
import {
  confirmDealerSignup,
  extractKeyPrefix,
  rejectDealerSignup,
  submitDealerSignup,
} from "~/services/dealer-signup.server";
import { outboxEmailProvider } from "~/services/providers/email.server";
import type { Db } from "~/db/client.server";
import { isGuardFailure } from "~/db/batch.server";
import { storeConfirmedSignup, storeRejectedSignup } from "~/db/dealer-signup.server";
import { call, db, freshClientIp, signedInUser } from "./fixtures";

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
/** A fresh Slovenian mobile number in both forms (typed and canonical). */
function freshMobile() {
  const six = String(100000 + ((Date.now() + n++ * 7919) % 900000)).slice(-6);
  return { typed: `068 ${six.slice(0, 3)} ${six.slice(3)}`, canonical: `+38668${six}` };
}
// Each test gets its own client address, so the per-IP limits of other tests do not interfere.
const ipHeaders = () => ({ "cf-connecting-ip": freshClientIp() });

const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const pdf = () => new File([pdfBytes], "izpisek.pdf", { type: "application/pdf" });

function validFields(phone: string, pin: string) {
  return {
    companyName: `Avtohiša Test ${unique()} d.o.o.`,
    taxNumber: "SI 80267432",
    registrationNumber: "5860571000",
    firstName: "Maja",
    lastName: "Kovač",
    phoneNumber: phone,
    email: `trgovec-${unique()}@primer.si`,
    pin,
  };
}

function submit(dealership: unknown, file?: File, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (dealership !== undefined)
    form.set("dealership", typeof dealership === "string" ? dealership : JSON.stringify(dealership));
  if (file) form.set("businessRegistryExtract", file);
  return call("/internal-api/v1/dealer-signup-interest", {
    method: "POST",
    body: form,
    headers: { ...ipHeaders(), ...headers },
  });
}

function sendPin(phoneNumber: string, headers: Record<string, string> = ipHeaders()) {
  return call("/internal-api/v1/dealer-signup-interest/pin", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ phoneNumber }),
  });
}

async function smsPinTo(canonical: string) {
  const row = await db()
    .select({ pin: outbox.pin, text: outbox.text })
    .from(outbox)
    .where(eq(outbox.toAddress, canonical))
    .orderBy(desc(outbox.id))
    .get();
  if (!row?.pin) throw new Error("no password sent");
  return row;
}

const messagesByField = (body: ErrorBody) => Object.fromEntries(body.fieldErrors.map((e) => [e.field, e.message]));
const otherPin = (pin: string) => String((Number(pin) + 1) % 100000).padStart(5, "0");

/** A number with a password sent to it, ready to submit. */
async function withPassword() {
  const phone = freshMobile();
  expect((await sendPin(phone.typed)).status).toBe(202);
  return { phone, pin: (await smsPinTo(phone.canonical)).pin ?? "" };
}

describe("POST dealer-signup-interest: validation", () => {
  it("reports every required field with its own Slovenian message, and the missing extract", async () => {
    const res = await submit({});
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(messagesByField(body)).toEqual({
      companyName: "Vnesite ime podjetja.",
      taxNumber: "Vnesite davčno številko podjetja.",
      registrationNumber: "Vnesite matično številko podjetja.",
      firstName: "Vnesite ime odgovorne osebe.",
      lastName: "Vnesite priimek odgovorne osebe.",
      phoneNumber: "Vnesite mobilno telefonsko številko.",
      email: "Vnesite e-poštni naslov.",
      pin: "Vnesite geslo, ki ste ga prejeli po SMS.",
      businessRegistryExtract: "Priložite izpisek iz poslovnega registra.",
    });
    expect(body.fieldErrors.every((e) => e.kind === "MISSING")).toBe(true);
    expect(body.message).toBe("Vnesite ime podjetja.");
    // Blank strings count as missing too; a request without the JSON part at all says the same.
    const blank = (await (await submit({ companyName: "  ", taxNumber: "", pin: " " }, pdf())).json()) as ErrorBody;
    expect(messagesByField(blank)).toMatchObject({
      companyName: msg.companyNameRequired,
      taxNumber: msg.taxNumberRequired,
      pin: msg.pinRequired,
    });
    expect(messagesByField((await (await submit(undefined, pdf())).json()) as ErrorBody).companyName).toBe(
      msg.companyNameRequired,
    );
  });

  it("explains each wrong value: tax number format and check digit, registration number, names, mobile, e-mail, password", async () => {
    const res = await submit(
      {
        companyName: "Avto d.o.o.",
        taxNumber: "80267433",
        registrationNumber: "12345",
        firstName: "M",
        lastName: "K",
        phoneNumber: "01 234 56 78",
        email: "maja@",
        pin: "12",
      },
      pdf(),
    );
    expect(res.status).toBe(400);
    expect(messagesByField((await res.json()) as ErrorBody)).toEqual({
      taxNumber: "Davčna številka ni veljavna. Preverite jo.",
      registrationNumber: "Matična številka ima 7 ali 10 številk.",
      firstName: "Vnesite vsaj 2 znaka.",
      lastName: "Vnesite vsaj 2 znaka.",
      phoneNumber: validationMessages.slovenianMobileOnly,
      email: validationMessages.emailInvalid,
      pin: "Geslo ima 5 številk.",
    });
    const short = (await (
      await submit({ ...validFields("041 123 456", "12345"), taxNumber: "1234" }, pdf())
    ).json()) as ErrorBody;
    expect(short.fieldErrors).toEqual([
      { field: "taxNumber", kind: "INVALID", message: "Davčna številka ima 8 številk." },
    ]);
  });

  it("refuses a dealership part that is not JSON with a fieldError on it", async () => {
    const res = await submit("{not json", pdf());
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "dealership", kind: "INVALID", message: msg.dealershipInvalid },
    ]);
  });
});

describe("POST dealer-signup-interest/pin", () => {
  it("sends the password by SMS (only its hash is kept) and throttles the same number after three", async () => {
    const phone = freshMobile();
    const headers = ipHeaders();
    expect((await sendPin(phone.typed, headers)).status).toBe(202);
    const sms = await smsPinTo(phone.canonical);
    expect(sms.pin).toMatch(/^\d{5}$/);
    expect(sms.text).toContain("registracijo trgovca");
    expect((await sendPin(phone.canonical, headers)).status).toBe(202);
    expect((await sendPin(phone.canonical, headers)).status).toBe(202);
    const fourth = await sendPin(phone.canonical, headers);
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as ErrorBody).message).toBe("Preveč poskusov. Poskusite znova čez nekaj minut.");
  });

  it("accepts only Slovenian mobile numbers", async () => {
    const res = await sendPin("01 234 56 78");
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "phoneNumber", kind: "INVALID", message: validationMessages.slovenianMobileOnly },
    ]);
    expect(messagesByField((await (await sendPin("")).json()) as ErrorBody)).toEqual({
      phoneNumber: msg.phoneRequired,
    });
  });
});

describe("POST dealer-signup-interest: file and password", () => {
  it("sniffs the extract: a text file called .pdf is refused (415 on the file field) and nothing is stored", async () => {
    const { phone, pin } = await withPassword();
    const fields = validFields(phone.typed, pin);
    const res = await submit(fields, new File(["ni PDF"], "izpisek.pdf", { type: "application/pdf" }));
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "businessRegistryExtract", kind: "INVALID", message: msg.extractUnsupported },
    ]);
    expect(
      await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.email, fields.email)).all(),
    ).toEqual([]);
    // The password is still good for the corrected submission.
    expect((await submit(fields, pdf())).status).toBe(201);
  });

  it("a wrong password is a 400 on the PIN field; without a password sent it says to ask for one", async () => {
    const { phone, pin } = await withPassword();
    const wrong = await submit(validFields(phone.typed, otherPin(pin)), pdf());
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "pin", kind: "INVALID", message: "Geslo ni pravilno." },
    ]);
    const never = await submit(validFields(freshMobile().typed, "12345"), pdf());
    expect(never.status).toBe(400);
    expect(((await never.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "pin", kind: "INVALID", message: msg.pinNotRequested },
    ]);
  });

  it("stops accepting a password after five wrong tries", async () => {
    const { phone, pin } = await withPassword();
    for (let i = 0; i < 5; i++) expect((await submit(validFields(phone.typed, otherPin(pin)), pdf())).status).toBe(400);
    const res = await submit(validFields(phone.typed, pin), pdf());
    expect(((await res.json()) as ErrorBody).fieldErrors[0]?.message).toBe(msg.pinNotRequested);
  });

  it("stores the request (unconfirmed e-mail) with normalised fields, the password's hash and the extract in R2; the password works once", async () => {
    const { phone, pin } = await withPassword();
    const fields = validFields(phone.typed, pin);
    const res = await submit(fields, pdf());
    expect(res.status).toBe(201);
    const { id, status } = (await res.json()) as { id: number; status: string };
    expect(status).toBe("UNVERIFIED");
    const row = await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.id, id)).get();
    expect(row).toMatchObject({
      companyName: fields.companyName,
      taxNumber: "80267432",
      registrationNumber: "5860571000",
      firstName: "Maja",
      lastName: "Kovač",
      phone: phone.canonical,
      email: fields.email,
      status: "PENDING",
      emailVerifiedAt: null,
      extractMimeType: "application/pdf",
      userId: null,
    });
    expect(row?.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.pinHash).not.toContain(pin);
    expect(row?.extractKey).toMatch(new RegExp(`^${extractKeyPrefix}[0-9a-f-]{36}\\.pdf$`));
    const object = await env.MEDIA.get(row?.extractKey ?? "");
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdfBytes);
    // The extract is private: the public media route never serves it.
    expect((await call(`/media/${row?.extractKey}`)).status).toBe(404);

    const again = await submit({ ...fields, email: `drugi-${unique()}@primer.si` }, pdf());
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).fieldErrors[0]?.field).toBe("pin");
  });

  it("two submissions racing with one password store one request", async () => {
    const { phone, pin } = await withPassword();
    const statuses = (
      await Promise.all([submit(validFields(phone.typed, pin), pdf()), submit(validFields(phone.typed, pin), pdf())])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 400]);
    expect(
      await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.phone, phone.canonical)).all(),
    ).toHaveLength(1);
  });

  it("links the request to the signed-in user who sends it", async () => {
    const { user, cookie } = await signedInUser();
    const { phone, pin } = await withPassword();
    const res = await submit(validFields(phone.typed, pin), pdf(), { cookie });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.id, id)).get())?.userId).toBe(
      user.id,
    );
  });

  it("leaves no extract in R2 when storing the request fails", async () => {
    const { phone, pin } = await withPassword();
    const real = db();
    // D1 failing on the insert batch (the password check before it reads normally).
    const failing = new Proxy(real, {
      get: (target, key, receiver) =>
        key === "batch" ? () => Promise.reject(new Error("D1 is down")) : Reflect.get(target, key, receiver),
    }) as Db;
    const before = (await env.MEDIA.list({ prefix: extractKeyPrefix })).objects.length;
    const fields = { ...validFields(phone.canonical, pin), taxNumber: "80267432" };
    await expect(
      submitDealerSignup(failing, env.MEDIA, {
        fields,
        file: pdf(),
        userId: null,
        ip: "10.9.9.9",
        email: outboxEmailProvider(real),
        origin: "https://avtotrg.test",
      }),
    ).rejects.toThrow("D1 is down");
    expect((await env.MEDIA.list({ prefix: extractKeyPrefix })).objects.length).toBe(before);
  });
});

/** A PENDING request straight in D1 (the admin's side of the flow). */
async function pendingRequest(values: Partial<typeof dealerSignupRequests.$inferInsert> = {}) {
  const phone = freshMobile().canonical;
  const [row] = await db()
    .insert(dealerSignupRequests)
    .values({
      companyName: `Avtohiša Zupan ${unique()} d.o.o.`,
      taxNumber: "80267432",
      registrationNumber: "5860571000",
      firstName: "Jure",
      lastName: "Zupan",
      phone,
      email: `zupan-${unique()}@primer.si`,
      pinHash: "0".repeat(64),
      extractKey: `${extractKeyPrefix}${crypto.randomUUID()}.pdf`,
      extractMimeType: "application/pdf",
      emailVerifiedAt: new Date().toISOString(),
      ...values,
    })
    .returning();
  if (!row) throw new Error("request not inserted");
  return row;
}

const admin = async () => (await signedInUser({ amzsAdmin: true })).user;

describe("confirmDealerSignup / rejectDealerSignup", () => {
  it("creates the dealership with a code from the company name and a new head account; the request is CONFIRMED and the access e-mail sent", async () => {
    const boss = await admin();
    const request = await pendingRequest({ companyName: `Avtohiša Črnič ${unique()} d.o.o.` });
    const result = await confirmDealerSignup(db(), request.id, boss.id, {
      email: outboxEmailProvider(db()),
      origin: "https://avtotrg.test",
    });
    const dealership = await db().select().from(dealerships).where(eq(dealerships.id, result.dealershipId)).get();
    expect(dealership?.code).toMatch(/^avtohisa-crnic-[a-z0-9]+$/);
    expect(dealership).toMatchObject({
      name: request.companyName,
      taxNumber: "80267432",
      registrationNumber: "5860571000",
      responsibleFirstName: "Jure",
      responsibleLastName: "Zupan",
      responsiblePhone: request.phone,
      responsibleEmail: request.email,
    });
    const head = await db().select().from(users).where(eq(users.id, result.userId)).get();
    expect(head).toMatchObject({
      email: request.email,
      firstName: "Jure",
      lastName: "Zupan",
      phoneNumber: request.phone,
      phoneVerified: true,
      dealershipId: result.dealershipId,
      dealershipRole: "HEAD",
    });
    expect(
      await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.id, request.id)).get(),
    ).toMatchObject({
      status: "CONFIRMED",
      dealershipId: result.dealershipId,
      userId: result.userId,
      decidedBy: boss.id,
    });
    const mail = await db().select().from(outbox).where(eq(outbox.toAddress, request.email)).get();
    expect(mail?.subject).toBe("Registracija trgovca na Avtotrgu je potrjena");
    expect(mail?.text).toContain(`https://avtotrg.test/trgovec/${dealership?.code}`);
    expect(mail?.text).toContain(`z e-poštnim naslovom ${request.email}`);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "dealer_signup_request"), eq(auditLog.entityId, String(request.id))))
      .all();
    expect(audit.map((a) => [a.action, a.actorUserId])).toContainEqual(["dealerSignup.confirm", boss.id]);
    // The public page answers under the new code.
    expect((await call(`/internal-api/v1/dealership/${dealership?.code}`)).status).toBe(200);
  });

  it("gives the same company name a numbered code the second time", async () => {
    const boss = await admin();
    const name = `Avto Kos ${unique()} d.o.o.`;
    const first = await confirmDealerSignup(db(), (await pendingRequest({ companyName: name })).id, boss.id);
    const second = await confirmDealerSignup(db(), (await pendingRequest({ companyName: name })).id, boss.id);
    expect(second.code).toBe(`${first.code}-2`);
  });

  it("makes the existing account with that e-mail the head, keeping its names and phone", async () => {
    const boss = await admin();
    const { user } = await signedInUser({
      firstName: "Janez",
      lastName: "Novak",
      phoneNumber: freshMobile().canonical,
    });
    const request = await pendingRequest({ email: user.email?.toUpperCase() ?? "" });
    const result = await confirmDealerSignup(db(), request.id, boss.id);
    expect(result.userId).toBe(user.id);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({
      firstName: "Janez",
      lastName: "Novak",
      phoneNumber: user.phoneNumber,
      dealershipId: result.dealershipId,
      dealershipRole: "HEAD",
    });
  });

  it("never pulls in the account that has the request's phone: a new head with the confirmed e-mail, the stranger untouched (rule 5)", async () => {
    const boss = await admin();
    const phone = freshMobile().canonical;
    const { user } = await signedInUser({ email: null, firstName: "Tuja", lastName: "Oseba", phoneNumber: phone });
    const request = await pendingRequest({ phone });
    const result = await confirmDealerSignup(db(), request.id, boss.id);
    expect(result.userId).not.toBe(user.id);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({
      email: null,
      firstName: "Tuja",
      phoneNumber: phone,
      dealershipId: null,
      dealershipRole: null,
    });
    // The number stays the stranger's: the new head does not get it.
    expect(await db().select().from(users).where(eq(users.id, result.userId)).get()).toMatchObject({
      email: request.email,
      phoneNumber: null,
      dealershipRole: "HEAD",
    });
  });

  it("never makes the signed-in submitter the head when the application names another e-mail (rule 5)", async () => {
    const boss = await admin();
    const submitter = await signedInUser();
    const request = await pendingRequest({ userId: submitter.user.id });
    const result = await confirmDealerSignup(db(), request.id, boss.id);
    expect(result.userId).not.toBe(submitter.user.id);
    expect((await db().select().from(users).where(eq(users.id, submitter.user.id)).get())?.dealershipId).toBeNull();
  });

  it("refuses (409) an applicant who already belongs to a dealership, a decided request, and answers 404 for an unknown one", async () => {
    const boss = await admin();
    const [other] = await db().insert(dealerships).values({ name: "Drug trgovec" }).returning();
    const { user } = await signedInUser({ dealershipId: other?.id, dealershipRole: "SALESPERSON" });
    const taken = await pendingRequest({ email: user.email ?? "" });
    await expect(confirmDealerSignup(db(), taken.id, boss.id)).rejects.toMatchObject({
      statusCode: 409,
      message: "Prijavitelj že pripada drugemu trgovcu.",
    });
    expect(
      (await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.id, taken.id)).get())?.status,
    ).toBe("PENDING");

    const request = await pendingRequest();
    await confirmDealerSignup(db(), request.id, boss.id);
    await expect(confirmDealerSignup(db(), request.id, boss.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(rejectDealerSignup(db(), request.id, boss.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(confirmDealerSignup(db(), 999_999_999, boss.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("two confirmations of the same request at once create one dealership", async () => {
    const boss = await admin();
    const request = await pendingRequest();
    const results = await Promise.allSettled([
      confirmDealerSignup(db(), request.id, boss.id),
      confirmDealerSignup(db(), request.id, boss.id),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db().select().from(dealerships).where(eq(dealerships.name, request.companyName)).all()).toHaveLength(
      1,
    );
    expect(await db().select().from(users).where(eq(users.email, request.email)).all()).toHaveLength(1);
  });

  it("the stored batches themselves refuse a request that is no longer pending (the guard for races)", async () => {
    const boss = await admin();
    const request = await pendingRequest();
    await rejectDealerSignup(db(), request.id, boss.id);
    const error = await storeRejectedSignup(db(), request.id, boss.id).catch((e: unknown) => e);
    expect(isGuardFailure(error, "audit_log.action")).toBe(true);
    const code = `guard-${unique()}`;
    const confirm = storeConfirmedSignup(db(), {
      requestId: request.id,
      adminUserId: boss.id,
      code,
      dealership: { name: "X" },
      head: { kind: "new", email: `g-${unique()}@primer.si`, firstName: "A", lastName: "B", phoneNumber: null },
    });
    expect(isGuardFailure(await confirm.catch((e: unknown) => e), "audit_log.action")).toBe(true);
    expect(await db().select().from(dealerships).where(eq(dealerships.code, code)).all()).toEqual([]);
  });

  it("rejects a pending request: REJECTED, nothing created, the applicant told by e-mail", async () => {
    const boss = await admin();
    const request = await pendingRequest();
    await rejectDealerSignup(db(), request.id, boss.id, { email: outboxEmailProvider(db()) });
    expect(
      await db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.id, request.id)).get(),
    ).toMatchObject({ status: "REJECTED", decidedBy: boss.id, dealershipId: null });
    expect(await db().select().from(dealerships).where(eq(dealerships.name, request.companyName)).all()).toEqual([]);
    expect((await db().select().from(outbox).where(eq(outbox.toAddress, request.email)).get())?.text).toContain(
      "nismo mogli potrditi",
    );
    await expect(confirmDealerSignup(db(), request.id, boss.id)).rejects.toMatchObject({ statusCode: 409 });
  });
});
