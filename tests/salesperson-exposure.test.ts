/**
 * Issue 19, rule 1: naming a salesperson never exposes an account. Attack: a private seller, or the
 * head of another dealership (in the browser or through a partner token), names an arbitrary user id
 * as the posting's salesperson and reads that person's e-mail and phone from the public posting JSON.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { dealerships } from "~/db/schema/dealerships";
import { oauthTokens, partnerApplications } from "~/db/schema/partner-oauth";
import { postings } from "~/db/schema/postings";
import type { ErrorBody } from "~/domain/errors";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { call, db, publishedPosting, signedInUser } from "./fixtures";

let seq = 0;
const tag = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
// Rule-1 tests own the +38631 7xx xxx range.
const mobile = () => `+386317${String((Date.now() + seq++) % 100_000).padStart(5, "0")}`;

async function dealership() {
  const code = `sx-${tag()}`;
  const [d] = await db()
    .insert(dealerships)
    .values({ code, name: `Trgovec ${code}` })
    .returning();
  if (!d) throw new Error("dealership not inserted");
  const head = await signedInUser({ dealershipId: d.id, dealershipRole: "HEAD", phoneNumber: mobile() });
  const sales = await signedInUser({
    dealershipId: d.id,
    dealershipRole: "SALESPERSON",
    phoneNumber: mobile(),
    firstName: "Sara",
    lastName: "Vidmar",
  });
  return { d, head, sales };
}

/** The stranger whose data the attacker is after. */
const victim = () =>
  signedInUser({ email: `zrtev-${tag()}@primer.si`, firstName: "Zala", lastName: "Žrtev", phoneNumber: mobile() });

const saveDraft = (code: string, body: unknown, init: { cookie?: string; bearer?: string }) =>
  call(`/internal-api/v1/draft/${code}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });

async function publicJson(code: string) {
  const res = await call(`/internal-api/v1/postings/${code}`);
  expect(res.status).toBe(200);
  return res.text();
}

async function partnerToken(userId: number, dealershipId: number) {
  const t = tag();
  const [partner] = await db()
    .insert(partnerApplications)
    .values({
      code: `sx-${t}`,
      name: `DMS ${t}`,
      redirectUris: ["https://dms.example/cb"],
      clientSecretHash: await sha256Hex(t),
    })
    .returning();
  if (!partner) throw new Error("partner not inserted");
  const token = randomToken(32);
  await db()
    .insert(oauthTokens)
    .values({
      tokenHash: await sha256Hex(token),
      partnerId: partner.id,
      userId,
      dealershipId,
      scope: appConfig.partnerOauth.scope,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
  return token;
}

const expectSalespersonFieldError = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.fieldErrors.map((e) => e.field)).toContain("salespersonUserId");
};

describe("rule 1: a posting's salesperson exposes no account", () => {
  it("a private seller cannot name anyone as salesperson (400 on salespersonUserId); the public JSON shows nothing of the victim", async () => {
    const seller = await signedInUser();
    const target = await victim();
    const posting = await publishedPosting({ userId: seller.user.id, privatePosting: true });
    await expectSalespersonFieldError(
      await saveDraft(posting.code, { salespersonUserId: target.user.id }, { cookie: seller.cookie }),
    );
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBeNull();
    const body = await publicJson(posting.code);
    expect(body).not.toContain(target.user.email ?? "-");
    expect(body).not.toContain(target.user.phoneNumber ?? "-");
  });

  it("a dealership head cannot name a stranger or a member of another dealership (browser and partner token)", async () => {
    const a = await dealership();
    const b = await dealership();
    const target = await victim();
    const posting = await publishedPosting({ userId: a.head.user.id, dealershipId: a.d.id, privatePosting: false });
    await expectSalespersonFieldError(
      await saveDraft(posting.code, { salespersonUserId: target.user.id }, { cookie: a.head.cookie }),
    );
    await expectSalespersonFieldError(
      await saveDraft(posting.code, { salespersonUserId: b.sales.user.id }, { cookie: a.head.cookie }),
    );
    const token = await partnerToken(a.head.user.id, a.d.id);
    await expectSalespersonFieldError(
      await saveDraft(posting.code, { salespersonUserId: target.user.id }, { bearer: token }),
    );
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBeNull();
    const body = await publicJson(posting.code);
    for (const secret of [target.user.email, target.user.phoneNumber, b.sales.user.email, b.sales.user.phoneNumber])
      expect(body).not.toContain(secret ?? "-");
  });

  it("an own salesperson is accepted, and the public JSON carries only their name and contact phone (no e-mail, no id)", async () => {
    const a = await dealership();
    const posting = await publishedPosting({ userId: a.head.user.id, dealershipId: a.d.id, privatePosting: false });
    const saved = await saveDraft(posting.code, { salespersonUserId: a.sales.user.id }, { cookie: a.head.cookie });
    expect(saved.status).toBe(200);
    const detail = JSON.parse(await publicJson(posting.code)) as {
      seller: { salesperson: Record<string, unknown> | null };
    };
    expect(detail.seller.salesperson).toEqual({ name: "Sara Vidmar", phone: a.sales.user.phoneNumber });
    expect(JSON.stringify(detail)).not.toContain(a.sales.user.email ?? "-");
  });

  it("a salesperson who left the dealership (or a stored id of a stranger) is not shown on the posting", async () => {
    const a = await dealership();
    const target = await victim();
    // A row written before this rule, or by a path that bypassed it.
    const posting = await publishedPosting({
      userId: a.head.user.id,
      dealershipId: a.d.id,
      privatePosting: false,
      salespersonUserId: target.user.id,
    });
    const detail = JSON.parse(await publicJson(posting.code)) as { seller: { salesperson: unknown } };
    expect(detail.seller.salesperson).toBeNull();
    const privateOne = await publishedPosting({ privatePosting: true, salespersonUserId: target.user.id });
    const body = await publicJson(privateOne.code);
    expect(body).not.toContain(target.user.email ?? "-");
    expect(body).not.toContain(target.user.phoneNumber ?? "-");
  });

  it("clearing the salesperson (null) is always allowed", async () => {
    const a = await dealership();
    const posting = await publishedPosting({
      userId: a.head.user.id,
      dealershipId: a.d.id,
      privatePosting: false,
      salespersonUserId: a.sales.user.id,
    });
    expect((await saveDraft(posting.code, { salespersonUserId: null }, { cookie: a.head.cookie })).status).toBe(200);
    expect((await db().select().from(postings).where(eq(postings.id, posting.id)).get())?.salespersonUserId).toBeNull();
  });
});
