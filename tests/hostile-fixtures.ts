import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { dealerContacts, dealerships, salespeople } from "~/db/schema/dealerships";
import { savedSearches } from "~/db/schema/engagement";
import { featuringPurchases } from "~/db/schema/featuring";
import { oauthConsentSessions, oauthTokens, partnerApplications } from "~/db/schema/partner-oauth";
import { postings } from "~/db/schema/postings";
import { insertSession } from "~/db/users.server";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { db, publishedPosting, signedInUser } from "./fixtures";

/**
 * The world of the hostile-input tests (authorisation matrix, fuzz, SQL injection), created once per
 * file: every actor of the matrix and the resources "owner" owns. Everything carries a random tag,
 * so these rows never collide with another file's in the shared test database.
 */

/** Every {method, path} the API serves, read from the Hono app itself (middleware-only ALL entries left out). */
export function apiRoutes(): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
}

export const actors = [
  "anonymous",
  "user",
  "owner",
  "other",
  "salesperson",
  "dealerHeadOther",
  "editor",
  "admin",
] as const;
export type Actor = (typeof actors)[number];

// A per-run counter, never Math.random (two random numbers once collided in the fuzz test). The files
// share one runtime and this module (isolate: false), so the counter is one for the whole run; its
// start moves with the clock in case a database outlives a run.
let serial = Date.now() % 400_000;
/**
 * A Slovenian mobile number of its own: +386 31 1xx xxx … 5xx xxx (the fixed numbers in the tests are
 * +386 31 0xx xxx and 9xx xxx; +386 31 7xx xxx belongs to tests/salesperson-exposure.test.ts).
 */
export const freshMobile = () => `+38631${100_000 + (serial++ % 500_000)}`;

export async function createWorld() {
  const tag = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  const [dealer] = await db()
    .insert(dealerships)
    .values({ name: `Hostile ${tag}`, publicName: `Hostile ${tag}`, code: `hz-${tag}` })
    .returning();
  const [otherDealer] = await db()
    .insert(dealerships)
    .values({ name: `Drugi ${tag}`, code: `hz-o-${tag}` })
    .returning();
  if (!dealer?.code || !otherDealer?.code) throw new Error("dealerships not inserted");
  const ownerPhone = freshMobile();
  const people = {
    user: await signedInUser(),
    owner: await signedInUser({
      dealershipId: dealer.id,
      dealershipRole: "HEAD",
      phoneNumber: ownerPhone,
      phoneVerified: true,
    }),
    other: await signedInUser(),
    salesperson: await signedInUser({
      dealershipId: dealer.id,
      dealershipRole: "SALESPERSON",
      phoneNumber: freshMobile(),
      phoneVerified: true,
    }),
    dealerHeadOther: await signedInUser({ dealershipId: otherDealer.id, dealershipRole: "HEAD" }),
    editor: await signedInUser({ amzsPostingEditor: true }),
    admin: await signedInUser({ amzsAdmin: true }),
  };
  const owner = people.owner.user;
  const posting = await publishedPosting({ userId: owner.id, dealershipId: dealer.id });
  const draft = await newDraft(owner.id, dealer.id);
  // "other" owns things of their own too: a private posting and a saved search.
  const otherPosting = await publishedPosting({ userId: people.other.user.id });
  await newSavedSearch(people.other.user.id);
  const savedSearch = await newSavedSearch(owner.id);
  const [partner] = await db()
    .insert(partnerApplications)
    .values({
      code: `hz-${tag}`,
      name: `Partner ${tag}`,
      redirectUris: ["https://dms.example/cb"],
      clientSecretHash: await sha256Hex(randomToken(16)),
    })
    .returning();
  if (!partner) throw new Error("partner not inserted");
  const cookieOf = (actor: Actor) => (actor === "anonymous" ? undefined : people[actor].cookie);
  const userOf = (actor: Exclude<Actor, "anonymous">) => people[actor].user;
  return {
    tag,
    dealer: { ...dealer, code: dealer.code },
    otherDealer: { ...otherDealer, code: otherDealer.code },
    people,
    owner,
    ownerPhone,
    posting,
    draft,
    otherPosting,
    savedSearch,
    partner,
    cookieOf,
    userOf,
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** A draft (status DRAFT) of the user, in the dealership when given. */
export async function newDraft(userId: number, dealershipId: number | null = null) {
  const [row] = await db()
    .insert(postings)
    .values({
      code: `D${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase().slice(0, 12),
      userId,
      dealershipId,
      status: "DRAFT",
      priceType: "NORMAL",
    })
    .returning();
  if (!row) throw new Error("draft not inserted");
  return row;
}

export async function newSavedSearch(userId: number) {
  const [row] = await db()
    .insert(savedSearches)
    .values({ userId, name: "Moje iskanje", query: "fuel=DIESEL", unsubscribeToken: randomToken() })
    .returning();
  if (!row) throw new Error("saved search not inserted");
  return row;
}

export async function newContact(dealershipId: number) {
  const [row] = await db()
    .insert(dealerContacts)
    .values({ dealershipId, name: "Kontakt", email: "kontakt@primer.si" })
    .returning();
  if (!row) throw new Error("contact not inserted");
  return row;
}

/** A salesperson listed by the dealership (no account yet). */
export async function newListedSalesperson(dealershipId: number) {
  const [row] = await db()
    .insert(salespeople)
    .values({ dealershipId, phoneNumber: freshMobile(), firstName: "Sale", lastName: "Prodajalec" })
    .returning();
  if (!row) throw new Error("salesperson not inserted");
  return row;
}

/** A pending consent request of the partner (its id is the capability the consent screens carry). */
export async function newConsentSession(partnerId: number) {
  const id = randomToken();
  await db()
    .insert(oauthConsentSessions)
    .values({
      id,
      partnerId,
      redirectUrl: "https://dms.example/cb",
      state: "s",
      codeChallenge: "x".repeat(43),
      codeChallengeMethod: "S256",
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
  return id;
}

/** A live partner access token for the dealership, granted by `userId`; answers the Bearer token. */
export async function newPartnerToken(partnerId: number, userId: number, dealershipId: number) {
  const token = randomToken();
  await db()
    .insert(oauthTokens)
    .values({
      tokenHash: await sha256Hex(token),
      partnerId,
      userId,
      dealershipId,
      scope: appConfig.partnerOauth.scope,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
  return token;
}

/** A pending local (test checkout) featuring purchase of the posting by the user; answers its session id. */
export async function newPurchase(postingId: number, userId: number) {
  const sessionId = `cs_local_${randomToken(12)}`;
  await db().insert(featuringPurchases).values({
    postingId,
    userId,
    package: "STANDARD",
    days: 1,
    amount: 100,
    provider: "local",
    providerSessionId: sessionId,
  });
  return sessionId;
}

/** Another live session of the same user (for calls that end the session, such as logout). */
export async function extraSessionCookie(userId: number) {
  const token = randomToken();
  await insertSession(db(), {
    id: await sha256Hex(token),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return `${appConfig.session.cookieName}=${token}`;
}
