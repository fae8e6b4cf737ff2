import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { getDb } from "~/db/client.server";
import { baseModels, manufacturers } from "~/db/schema/catalogue";
import { featuringPurchases } from "~/db/schema/featuring";
import { dealerships } from "~/db/schema/dealerships";
import { postingFiles, postings } from "~/db/schema/postings";
import { outbox } from "~/db/schema/system";
import { users } from "~/db/schema/users";
import type { BuyResult } from "~/domain/featuring";
import type { PostingFile } from "~/domain/posting-detail";
import { insertSession } from "~/db/users.server";
import { afterResponseSettled } from "~/lib/after-response.server";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { signLocalEvent } from "~/services/providers/payment.server";

export const db = () => getDb(env.DB);

let counter = 0;
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A user with a live session; returns the Cookie header that signs requests in as them. */
export async function signedInUser(values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db()
    .insert(users)
    .values({ email: `u-${unique()}@primer.si`, firstName: "Ana", lastName: "Novak", ...values })
    .returning();
  if (!user) throw new Error("user not inserted");
  const token = randomToken();
  await insertSession(db(), {
    id: await sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return { user, token, cookie: `${appConfig.session.cookieName}=${token}` };
}

/**
 * A signed-in user with a mobile number no other test's user has: +386 65 and six digits from the row's own id, which
 * is unique across the files of a run (a per-file counter is not, and `Date.now()` is luck). No fixed number of the
 * tests or the seed is in +386 65.
 */
export async function signedInUserWithPhone(values: Partial<typeof users.$inferInsert> = {}) {
  const signedIn = await signedInUser({ ...values, phoneNumber: null });
  const phone = `+38665${100_000 + (signedIn.user.id % 900_000)}`;
  await db().update(users).set({ phoneNumber: phone }).where(eq(users.id, signedIn.user.id));
  return { ...signedIn, user: { ...signedIn.user, phoneNumber: phone }, phone };
}

/** The head of a new dealership, signed in: their drafts are the dealership's (dealer-only fields allowed). */
export async function dealerUser() {
  const [shop] = await db()
    .insert(dealerships)
    .values({ name: `Trgovec ${unique()}`, code: `dl-${unique()}` })
    .returning();
  if (!shop) throw new Error("dealership not inserted");
  return signedInUser({ dealershipId: shop.id, dealershipRole: "HEAD" });
}

/** A manufacturer with one base model. */
export async function makeAndModel(name = `Znamka ${unique()}`) {
  const code = `mk-${unique()}`;
  const [maker] = await db().insert(manufacturers).values({ code, name, popular: true }).returning();
  if (!maker) throw new Error("manufacturer not inserted");
  const [model] = await db()
    .insert(baseModels)
    .values({ manufacturerId: maker.id, code: "model", name: "Model" })
    .returning();
  if (!model) throw new Error("model not inserted");
  return { maker, model };
}

/** A published posting (override any field), optionally with a cover picture row. */
export async function publishedPosting(values: Partial<typeof postings.$inferInsert> = {}, cover?: string) {
  const owner = values.userId ?? (await signedInUser()).user.id;
  const [row] = await db()
    .insert(postings)
    .values({
      code: `P${unique()}`.toUpperCase().slice(0, 12),
      userId: owner,
      status: "PUBLISHED",
      priceType: "NORMAL",
      price: 1_234_500,
      searchPrice: 1_234_500,
      modelYear: 2019,
      odometerKm: 85_000,
      publishedAt: new Date().toISOString(),
      ...values,
    })
    .returning();
  if (!row) throw new Error("posting not inserted");
  if (cover)
    await db()
      .insert(postingFiles)
      .values({ postingId: row.id, objectKey: cover, fileType: "EXTERIOR_PICTURE", mimeType: "image/svg+xml" });
  return row;
}

let clients = 0;
const clientBase = Date.now() % 200;
/** A client address of its own (private 10.x range), from the per-run counter. */
export const freshClientIp = () => {
  const k = clients++;
  return `10.${(clientBase + Math.floor(k / 65_536)) % 256}.${Math.floor(k / 256) % 256}.${k % 256}`;
};

/**
 * Calls the Worker's Hono app the way a browser would (real bindings, no network). The tests play
 * Cloudflare's edge (TRUST_CF_CONNECTING_IP, decision 037): a call that names no CF-Connecting-IP comes
 * from a client of its own, so per-client limits (SMS, sign-in e-mails) bind only tests that name one.
 */
/** A request to the API; what it hands over to run after the response (views) has settled when this resolves. */
/**
 * An admin starts impersonating `seller` (a user with a phone: `signedInUserWithPhone`); the session token the answer
 * sets, which acts as the seller until the admin stops.
 */
export async function impersonationToken(admin: { cookie: string }, seller: { phone: string }): Promise<string> {
  const start = await call(`/impersonate/${encodeURIComponent(seller.phone)}`, {
    method: "POST",
    headers: { cookie: admin.cookie },
  });
  expect(start.status).toBe(200);
  const token = /avtotrg_session=([^;]+)/.exec(start.headers.getSetCookie().join("\n"))?.[1] ?? "";
  expect(token).not.toBe("");
  return token;
}

export async function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", freshClientIp());
  const res = await app.request(`http://localhost${path}`, { ...init, headers }, env);
  await afterResponseSettled();
  return res;
}

export const json = (body: unknown, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

/** Delivers a payment provider's event to the webhook, signed as the local test checkout signs it. */
export async function deliverPaymentEvent(payload: string) {
  const signature = await signLocalEvent(payload);
  return call("/internal-api/v1/payments/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature ?? "" },
    body: payload,
  });
}

/** The token of an e-mailed sign-in link (the link opens the confirmation page, decision 030). */
export const linkToken = (link: string | null | undefined) =>
  new URL(link ?? "http://localhost/").searchParams.get("token") ?? "";

/**
 * What the confirmation page's "Nadaljuj kot …" button does: a same-origin POST of the link's token.
 * Answers the response (200 with `location` and the session cookie, or 410 for a used/expired link).
 */
export function openEmailLink(link: string | null | undefined, init: { cookie?: string; origin?: string } = {}) {
  return call("/internal-api/v1/login/email/verify", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: init.origin ?? "http://localhost",
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: JSON.stringify({ token: linkToken(link) }),
  });
}

/** Uploads a file of a posting as the wizard does (multipart `metaData` + `fileContent`): an exterior photo unless `meta` says. */
export function uploadPostingFile(code: string, cookie: string, file: File, meta: Record<string, unknown> = {}) {
  const form = new FormData();
  form.set("metaData", JSON.stringify({ fileType: "EXTERIOR_PICTURE", ...meta }));
  form.set("fileContent", file);
  return call(`/internal-api/v1/posting/${code}/file`, { method: "POST", body: form, headers: { cookie } });
}

/** `uploadPostingFile` that must be stored (201): answers the file as the API shows it. */
export async function uploadedPostingFile(
  code: string,
  cookie: string,
  file: File,
  meta: Record<string, unknown> = {},
) {
  const res = await uploadPostingFile(code, cookie, file, meta);
  expect(res.status).toBe(201);
  return (await res.json()) as PostingFile;
}

/** Opens a card checkout of the EXPOSED package for the posting (a price row must exist): answers its session id. */
export async function openFeaturingCheckout(code: string, cookie: string, numberOfDays: number) {
  const res = await call(
    `/internal-api/v1/postings/${code}/buy-pricing-item`,
    json(
      {
        numberOfDays,
        package: "EXPOSED",
        successUrl: "/oglasevanje/x/konec",
        cancelUrl: "/oglasevanje/x/napaka?razlog=preklicano",
      },
      cookie,
    ),
  );
  const result = (await res.json()) as BuyResult;
  if (result.result !== "payment") throw new Error(`expected a payment, got ${JSON.stringify(result)}`);
  return result.sessionId;
}

/** The featuring purchase of a checkout session. */
export const purchaseOfSession = (sessionId: string) =>
  db().select().from(featuringPurchases).where(eq(featuringPurchases.providerSessionId, sessionId)).get();

/** The e-mails the outbox holds for an address. */
export const emailsTo = (email: string | null) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email ?? ""), eq(outbox.channel, "email")))
    .all();

/** A 4×3 JPEG and a minimal PDF, for uploads. */
export const jpegBytes = Uint8Array.from(
  atob(
    "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeAGpH/9k=",
  ),
  (ch) => ch.charCodeAt(0),
);
export const pdfBytes = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
