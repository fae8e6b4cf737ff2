import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inquiries } from "~/db/schema/inquiries";
import { postingDetails } from "~/db/schema/postings";
import { outbox } from "~/db/schema/system";
import type { InquiryList, InquiryView } from "~/contracts/inquiries";
import { sendInquiry } from "~/services/inquiries.server";
import { outboxEmailProvider } from "~/services/providers/email.server";
import { call, db, dealerUser, emailsTo, freshClientIp, json, publishedPosting, signedInUser } from "./fixtures";
import { dealerPosting } from "./inquiry-fixtures";

let n = 0;
const buyerEmail = () => `kupec-${Date.now().toString(36)}-${n++}@primer.si`;
const send = (code: string, body: Record<string, unknown>, init: { cookie?: string; ip?: string } = {}) => {
  const request = json(body, init.cookie);
  if (init.ip) (request.headers as Record<string, string>)["cf-connecting-ip"] = init.ip;
  return call(`/internal-api/v1/postings/${code}/inquiries`, request);
};
const inquiry = (email = buyerEmail()) => ({
  name: "Bojan Kupec",
  email,
  message: "Zanima me vozilo.",
  choices: ["AVAILABLE", "VIEWING"],
});
const listOf = async (cookie: string) =>
  (await (await call("/internal-api/v1/inquiries", { headers: { cookie } })).json()) as InquiryList;

describe("buyers' inquiries: sending", () => {
  it("delivers to the salesperson without the buyer's address, and confirms to the buyer without the seller's", async () => {
    const { salesperson, posting } = await dealerPosting();
    const email = buyerEmail();
    const res = await send(posting.code, { ...inquiry(email), phone: "041 555 111" });
    expect(res.status).toBe(201);
    const [toSeller] = await emailsTo(salesperson.user.email);
    expect(toSeller?.text).toContain("Bojan Kupec");
    expect(toSeller?.text).toContain("Ali je vozilo še na voljo?");
    expect(toSeller?.text).not.toContain(email);
    expect(toSeller?.text).not.toContain("555");
    expect(toSeller?.link).toMatch(/\/povprasevanja\/odgovor\?token=/);
    const [toBuyer] = await emailsTo(email);
    expect(toBuyer?.subject).toMatch(/^Vaše sporočilo je poslano/);
    expect(toBuyer?.text).not.toContain(salesperson.user.email ?? "?");
  });

  it("answers Slovenian fieldErrors for bad input, never a 500", async () => {
    const posting = await publishedPosting();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...inquiry(), name: " " }, "name", /ime/i],
      [{ ...inquiry(), email: "" }, "email", /e-poštni naslov ali telefonsko/],
      [{ ...inquiry(), email: "ne-naslov" }, "email", /Neveljaven naslov/],
      [{ ...inquiry(), phone: "12" }, "phone", /telefonska/],
      [{ ...inquiry(), message: "", choices: [] }, "message", /sporočilo/i],
      [{ ...inquiry(), choices: ["BUY_NOW"] }, "choices.0", /hitro vprašanje/],
      [{ ...inquiry(), message: "x".repeat(2001) }, "message", /predolgo/],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(posting.code, body);
      expect(res.status, field).toBe(400);
      const answer = (await res.json()) as { fieldErrors: { field: string; message: string }[] };
      expect(answer.fieldErrors.find((f) => f.field === field)?.message, field).toMatch(message);
    }
  });

  it("accepts only published postings: a draft, a removed, an unknown or forged code is 404, a sold car 409", async () => {
    const draft = await publishedPosting({ status: "DRAFT" });
    const removed = await publishedPosting({ status: "REMOVED" });
    const sold = await publishedPosting({ status: "SOLD" });
    expect((await send(draft.code, inquiry())).status).toBe(404);
    expect((await send(removed.code, inquiry())).status).toBe(404);
    expect((await send("NIKOLI-OBSTAJAL", inquiry())).status).toBe(404);
    expect((await send("..%2F1", inquiry())).status).toBe(400);
    const refused = await send(sold.code, inquiry());
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/prodano/);
  });

  it("refuses the seller's own posting (the private owner, any member of the dealership)", async () => {
    const owner = await signedInUser();
    const mine = await publishedPosting({ userId: owner.user.id });
    expect((await send(mine.code, inquiry(), { cookie: owner.cookie })).status).toBe(403);
    const { salesperson, head, posting } = await dealerPosting();
    expect((await send(posting.code, inquiry(), { cookie: salesperson.cookie })).status).toBe(403);
    expect((await send(posting.code, inquiry(), { cookie: head.cookie })).status).toBe(403);
  });

  it("keeps a name on one line and stores HTML as text (no header injection, nothing rendered)", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const res = await send(posting.code, {
      ...inquiry(),
      name: "Eva\r\nBcc: vsi@primer.si",
      message: '<script>alert("x")</script><b>Pozdrav</b>',
      choices: [],
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const row = await db().select().from(inquiries).where(eq(inquiries.id, id)).get();
    expect(row?.name).toBe("Eva Bcc: vsi@primer.si");
    expect(row?.message).toBe('<script>alert("x")</script><b>Pozdrav</b>');
    const [mail] = await emailsTo(owner.user.email);
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.html).toBeNull();
  });
});

describe("buyers' inquiries: limits in the writing statement", () => {
  it("a parallel burst from one sender about one posting stores exactly the per-posting limit", async () => {
    const posting = await publishedPosting();
    const email = buyerEmail();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(posting.code, inquiry(email))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.status === 429);
    expect(((await refused?.json()) as { message: string } | undefined)?.message).toMatch(/jutri/);
  });

  it("a parallel burst from one client over many postings and addresses stops at the per-client limit", async () => {
    const postings = await Promise.all(Array.from({ length: 8 }, () => publishedPosting()));
    const ip = freshClientIp();
    const answers = await Promise.all(
      Array.from({ length: 23 }, (_, i) => send(postings[i % 8]?.code ?? "", inquiry(), { ip })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
  });

  it("one phone number over many postings stops at the per-sender limit", async () => {
    const postings = await Promise.all(Array.from({ length: 12 }, () => publishedPosting()));
    const answers = await Promise.all(
      postings.map((p) => send(p.code, { name: "Tine", phone: "+38640123987", message: "Še na voljo?" })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
  });
});

describe("buyers' inquiries: the seller's side", () => {
  it("the dealership's people see it as new without the buyer's address; replying reveals it and mails the buyer", async () => {
    const { head, salesperson, posting } = await dealerPosting();
    const email = buyerEmail();
    const { id } = (await (await send(posting.code, inquiry(email))).json()) as { id: number };
    const list = await listOf(salesperson.cookie);
    const item = list.items.find((i) => i.id === id);
    expect(item).toMatchObject({ status: "NEW", contact: null, reachableBy: "email", name: "Bojan Kupec" });
    expect(list.newCount).toBeGreaterThanOrEqual(1);
    expect((await listOf(head.cookie)).items.some((i) => i.id === id)).toBe(true);

    const res = await call(
      `/internal-api/v1/inquiries/${id}/reply`,
      json({ message: "Da, ogled je možen." }, head.cookie),
    );
    expect(res.status).toBe(200);
    const answered = (await res.json()) as InquiryView;
    expect(answered).toMatchObject({ status: "ANSWERED", contact: { email }, reply: "Da, ogled je možen." });
    const toBuyer = (await emailsTo(email)).find((m) => m.subject?.startsWith("Odgovor prodajalca"));
    expect(toBuyer?.text).toContain("Da, ogled je možen.");
    expect(toBuyer?.text).toContain(salesperson.user.email ?? "?");
    const again = await call(`/internal-api/v1/inquiries/${id}/reply`, json({ message: "Še enkrat" }, head.cookie));
    expect(again.status).toBe(409);
  });

  it("another dealership, a private user or a signed-out caller can neither list nor answer it", async () => {
    const { posting } = await dealerPosting();
    const { id } = (await (await send(posting.code, inquiry())).json()) as { id: number };
    const stranger = await dealerUser();
    const privateUser = await signedInUser();
    for (const cookie of [stranger.cookie, privateUser.cookie]) {
      expect((await listOf(cookie)).items.some((i) => i.id === id)).toBe(false);
      expect((await call(`/internal-api/v1/inquiries/${id}/reply`, json({ message: "x" }, cookie))).status).toBe(404);
      expect((await call(`/internal-api/v1/inquiries/${id}/answered`, json({}, cookie))).status).toBe(404);
    }
    expect((await call("/internal-api/v1/inquiries")).status).toBe(401);
    expect((await call(`/internal-api/v1/inquiries/${id}/reply`, json({ message: "x" }))).status).toBe(401);
  });

  it("marking as answered keeps the buyer's address hidden", async () => {
    const { head, posting } = await dealerPosting();
    const { id } = (await (await send(posting.code, inquiry())).json()) as { id: number };
    const res = await call(`/internal-api/v1/inquiries/${id}/answered`, json({}, head.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ANSWERED", contact: null, reply: null });
  });

  it("a private seller gets it at the posting's contact address and in their own list", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    await db()
      .insert(postingDetails)
      .values({ postingId: posting.id, contactEmail: `stik-${n++}@primer.si` });
    const { id } = (await (await send(posting.code, inquiry())).json()) as { id: number };
    const detail = await db().select().from(postingDetails).where(eq(postingDetails.postingId, posting.id)).get();
    expect((await emailsTo(detail?.contactEmail ?? "")).length).toBe(1);
    expect((await emailsTo(owner.user.email)).length).toBe(0);
    expect((await listOf(owner.cookie)).items.find((i) => i.id === id)?.posting.code).toBe(posting.code);
  });

  it("the e-mailed token answers its own inquiry only, once, even when two replies race", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    await send(posting.code, inquiry());
    const [mail] = await emailsTo(owner.user.email);
    const token = new URL(mail?.link ?? "http://x/").searchParams.get("token") ?? "";
    const view = await call(`/internal-api/v1/inquiries/reply?token=${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ contact: null, status: "NEW" });
    expect((await call(`/internal-api/v1/inquiries/reply?token=${token}x`)).status).toBe(404);
    expect((await call("/internal-api/v1/inquiries/reply")).status).toBe(404);
    const replies = await Promise.all(
      ["Prvi odgovor", "Drugi odgovor"].map((message) =>
        call("/internal-api/v1/inquiries/reply", json({ token, message })),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("the form sent before the page's scripts run comes back to the posting with the outcome", async () => {
    const posting = await publishedPosting();
    const form = (fields: Record<string, string>) =>
      call(`/internal-api/v1/postings/${posting.code}/inquiries/form`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
        body: new URLSearchParams(fields).toString(),
      });
    const sent = await form({
      postId: String(posting.id),
      name: "Maja",
      email: buyerEmail(),
      message: "",
      choices: "TRADE_IN",
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/oglas/${posting.id}?povprasevanje=poslano#povprasevanje`);
    const missing = await form({ postId: String(posting.id), name: "Maja", message: "Zdravo" });
    expect(missing.headers.get("location")).toBe(`/oglas/${posting.id}?povprasevanje=manjka#povprasevanje`);
    const forged = await form({ postId: "//zlo.example", name: "Maja", email: buyerEmail(), message: "x" });
    expect(forged.status).toBe(201);
  });
});

describe("buyers' inquiries: captcha and phone-only buyers", () => {
  it("a configured captcha that refuses the sender stores and sends nothing (400 in Slovenian)", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const refused = sendInquiry(
      db(),
      {
        mail: outboxEmailProvider(db()),
        captcha: { config: { provider: "recaptcha", siteKey: "k", action: "inquiry" }, verify: async () => false },
        siteUrl: "http://localhost",
        client: freshClientIp(),
      },
      posting.code,
      { name: "Robot", email: buyerEmail(), phone: null, message: "Kupim", choices: [] },
      null,
    );
    await expect(refused).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/robot/) });
    expect(await db().select().from(inquiries).where(eq(inquiries.postingId, posting.id)).all()).toEqual([]);
    expect(await emailsTo(owner.user.email)).toEqual([]);
  });

  it("a reply to a buyer who left only a phone goes by SMS, and then the seller sees the number", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const phone = `+3864${String(1_000_000 + (Date.now() % 8_999_999)).slice(0, 7)}`;
    const { id } = (await (await send(posting.code, { name: "Tone", phone, message: "Cena?" })).json()) as {
      id: number;
    };
    expect((await listOf(owner.cookie)).items.find((i) => i.id === id)).toMatchObject({
      contact: null,
      reachableBy: "phone",
    });
    const res = await call(
      `/internal-api/v1/inquiries/${id}/reply`,
      json({ message: "Cena je fiksna." }, owner.cookie),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as InquiryView).contact).toEqual({ email: null, phone });
    const sms = await db().select().from(outbox).where(eq(outbox.toAddress, phone)).all();
    expect(sms.map((s) => s.channel)).toEqual(["sms"]);
    expect(sms[0]?.text).toContain("Cena je fiksna.");
  });
});

describe("buyers' inquiries: kept for a year after the last word", () => {
  it("the daily job deletes an inquiry idle for 12 months and keeps one replied to since", async () => {
    const posting = await publishedPosting();
    const [idle, replied, fresh] = [buyerEmail(), buyerEmail(), buyerEmail()];
    for (const email of [idle, replied, fresh]) expect((await send(posting.code, inquiry(email))).status).toBe(201);
    const now = new Date();
    const monthsAgo = (months: number) => new Date(now.getTime() - months * 30.5 * 86_400_000).toISOString();
    await db()
      .update(inquiries)
      .set({ createdAt: monthsAgo(12.2) })
      .where(eq(inquiries.email, idle));
    await db()
      .update(inquiries)
      .set({ createdAt: monthsAgo(14), repliedAt: monthsAgo(11.5) })
      .where(eq(inquiries.email, replied));
    const { runDailyJobs } = await import("~/services/scheduled.server");
    const { env } = await import("cloudflare:workers");
    const done = await runDailyJobs(env, now);
    expect(done.inquiriesDeleted).toBeGreaterThanOrEqual(1);
    const left = async (email: string) =>
      (await db().select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.email, email)).all()).length;
    expect(await left(idle)).toBe(0);
    expect(await left(replied)).toBe(1);
    expect(await left(fresh)).toBe(1);
  });
});
