import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "~/api/app";
import { inquiries } from "~/db/schema/inquiries";
import { users } from "~/db/schema/users";
import type { InquiryView } from "~/contracts/inquiries";
import { call, db, emailsTo, freshClientIp, json, publishedPosting, signedInUser } from "./fixtures";
import { dealerPosting } from "./inquiry-fixtures";

/**
 * Issue 24, decision 066: the stranger's review of the inquiries (an attacker's pass). Each test failed on the
 * first version of the feature: a hidden posting as an existence oracle, the confirmation as an open relay,
 * plus-addressing around the per-sender cap, a reply link that never expired or outlived the salesperson's
 * membership, a reply that counted although it was never delivered, and a form that could not pass a captcha.
 */

let n = 0;
const stamp = `atk${Date.now().toString(36)}`;
const send = (code: string, body: Record<string, unknown>, init: { cookie?: string; ip?: string } = {}) => {
  const request = json(body, init.cookie);
  if (init.ip) (request.headers as Record<string, string>)["cf-connecting-ip"] = init.ip;
  return call(`/internal-api/v1/postings/${code}/inquiries`, request);
};
const tokenOf = (link: string | null | undefined) => new URL(link ?? "http://x/").searchParams.get("token") ?? "";

afterEach(() => vi.unstubAllGlobals());

describe("inquiries: an attacker's pass", () => {
  it("a hidden posting (a 404 page) takes no inquiry and mails nobody", async () => {
    const owner = await signedInUser();
    const hidden = await publishedPosting({ userId: owner.user.id, hidePosting: true });
    expect((await call(`/internal-api/v1/postings/${hidden.code}`)).status).toBe(404);
    const res = await send(hidden.code, { name: "Tujec", email: `${stamp}-${n++}@primer.si`, message: "Ali obstaja?" });
    expect(res.status).toBe(404);
    expect(await emailsTo(owner.user.email)).toEqual([]);
  });

  it("the confirmation to a typed address carries none of the sender's words (no relay for phishing)", async () => {
    const posting = await publishedPosting();
    const victim = `${stamp}-zrtev-${n++}@primer.si`;
    const res = await send(posting.code, {
      name: "Banka NLB – varnostna služba",
      email: victim,
      message: "Vaš račun je zaklenjen. Odklenite ga na https://zlo.example/prijava v 24 urah.",
    });
    expect(res.status).toBe(201);
    const [mail] = await emailsTo(victim);
    expect(mail?.subject).toMatch(/^Vaše sporočilo je poslano/);
    expect(mail?.text).not.toContain("zlo.example");
    expect(mail?.text).not.toContain("Banka NLB");
  });

  it("a signed-in buyer writing from their own address gets their words back", async () => {
    const buyer = await signedInUser();
    const posting = await publishedPosting();
    const res = await send(
      posting.code,
      { name: "Bojan", email: buyer.user.email, message: "Je še na voljo?" },
      { cookie: buyer.cookie },
    );
    expect(res.status).toBe(201);
    const [mail] = await emailsTo(buyer.user.email);
    expect(mail?.text).toContain("Je še na voljo?");
  });

  it("one mailbox is one sender: +tags and Gmail's dots do not reset the daily cap", async () => {
    const postings = await Promise.all(Array.from({ length: 12 }, () => publishedPosting()));
    const ip = freshClientIp();
    const local = `${stamp}.zrtev${n++}`;
    const answers = [];
    for (const [i, p] of postings.entries()) {
      const email = i % 2 ? `${local}+${i}@primer.si` : `${local.replaceAll(".", "")}+${i}@gmail.com`;
      answers.push((await send(p.code, { name: "X", email, message: "Še na voljo?" }, { ip })).status);
    }
    // Ten a day per mailbox: the primer.si ones (6) fit; Gmail's six are one inbox too.
    expect(answers.filter((s) => s === 201).length).toBe(12);
    const gmailOnly = [];
    const more = await Promise.all(Array.from({ length: 6 }, () => publishedPosting()));
    for (const [i, p] of more.entries())
      gmailOnly.push(
        (await send(p.code, { name: "X", email: `${local}+g${i}@googlemail.com`, message: "x" }, { ip })).status,
      );
    // Six before (gmail.com, without dots) + six now (googlemail.com, with dots): only four more fit.
    expect(gmailOnly.filter((s) => s === 201).length).toBe(4);
    expect(gmailOnly.filter((s) => s === 429).length).toBe(2);
  });

  it("the e-mailed link reads the message but never the buyer's address, and expires", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const buyer = `${stamp}-kupec-${n++}@primer.si`;
    expect((await send(posting.code, { name: "B", email: buyer, message: "Cena?" })).status).toBe(201);
    const [mail] = await emailsTo(owner.user.email);
    const token = tokenOf(mail?.link);
    const replied = await call("/internal-api/v1/inquiries/reply", json({ token, message: "Fiksna." }));
    expect(replied.status).toBe(200);
    // The one who just replied sees whom they answered…
    expect(((await replied.json()) as InquiryView).contact?.email).toBe(buyer);
    // …but the link itself never shows it again (a forwarded mail, a shared inbox, a logged URL).
    const later = (await (await call(`/internal-api/v1/inquiries/reply?token=${token}`)).json()) as InquiryView;
    expect(later.contact).toBeNull();
    // After 30 days the link is gone.
    await db()
      .update(inquiries)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where(eq(inquiries.email, buyer));
    expect((await call(`/internal-api/v1/inquiries/reply?token=${token}`)).status).toBe(410);
  });

  it("a salesperson who left the dealership can no longer answer through the e-mailed link", async () => {
    const { salesperson, posting } = await dealerPosting();
    const buyer = `${stamp}-kupec-${n++}@primer.si`;
    expect((await send(posting.code, { name: "B", email: buyer, message: "Cena?" })).status).toBe(201);
    const [mail] = await emailsTo(salesperson.user.email);
    const token = tokenOf(mail?.link);
    await db().update(users).set({ dealershipId: null, dealershipRole: null }).where(eq(users.id, salesperson.user.id));
    const reply = await call("/internal-api/v1/inquiries/reply", json({ token, message: "Pokličite me zasebno." }));
    expect(reply.status).toBe(410);
    expect(await emailsTo(buyer).then((m) => m.filter((x) => x.subject?.startsWith("Odgovor")))).toEqual([]);
  });

  it("a reply that could not be delivered does not count: the number stays hidden and a retry is possible", async () => {
    const owner = await signedInUser();
    const postings = await Promise.all(Array.from({ length: 4 }, () => publishedPosting({ userId: owner.user.id })));
    const phone = `+38651${String(100_000 + n++).padStart(6, "0")}`;
    const ids: number[] = [];
    for (const p of postings)
      ids.push(((await (await send(p.code, { name: "Tone", phone, message: "Cena?" })).json()) as { id: number }).id);
    const ip = freshClientIp();
    const statuses: number[] = [];
    for (const id of ids) {
      const res = await call(`/internal-api/v1/inquiries/${id}/reply`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: owner.cookie, "cf-connecting-ip": ip },
        body: JSON.stringify({ message: `Odgovor ${id}` }),
      });
      statuses.push(res.status);
    }
    // Three SMS to one number in ten minutes: the fourth is refused…
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = ids[3] ?? 0;
    // …and so it is not stored: the number stays hidden and the inquiry is new.
    const row = await db().select().from(inquiries).where(eq(inquiries.id, last)).get();
    expect(row).toMatchObject({ reply: null, status: "NEW" });
    const list = (await (await call("/internal-api/v1/inquiries", { headers: { cookie: owner.cookie } })).json()) as {
      items: InquiryView[];
    };
    expect(list.items.find((i) => i.id === last)?.contact).toBeNull();
  });

  it("the form sent without scripts passes a configured reCAPTCHA with its token, solved on this site only", async () => {
    let solvedOn = "evil.example";
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ success: true, score: 0.9, action: "inquiry", hostname: solvedOn })),
    );
    const withCaptcha = { ...env, RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET: "secret" } as Env;
    const posting = await publishedPosting();
    const send = () =>
      app.request(
        `http://localhost/internal-api/v1/postings/${posting.code}/inquiries/form`,
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: "http://localhost",
            "cf-connecting-ip": freshClientIp(),
          },
          body: new URLSearchParams({
            postId: String(posting.id),
            name: "B",
            email: `${stamp}-b-${n++}@primer.si`,
            message: "y",
            captchaToken: "tok",
          }).toString(),
          redirect: "manual",
        },
        withCaptcha,
      );
    // A token solved on another site (a farm of solved tokens) is refused.
    expect((await send()).headers.get("location")).not.toContain("povprasevanje=poslano");
    solvedOn = "localhost";
    expect((await send()).headers.get("location")).toContain("povprasevanje=poslano");
  });

  it("a body that is no form is a 4xx, never a 500", async () => {
    const posting = await publishedPosting();
    const path = `/internal-api/v1/postings/${posting.code}/inquiries/form`;
    for (const init of [
      json({ name: "X", email: "a@primer.si", message: "x" }),
      { method: "POST" },
      { method: "POST", headers: { "content-type": "multipart/form-data; boundary=zz" }, body: "not multipart" },
    ]) {
      const res = await call(path, init);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
