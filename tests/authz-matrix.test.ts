import { beforeAll, describe, expect, it } from "vitest";
import { apiBasePath } from "~/api/app";
import { inquiries } from "~/db/schema/inquiries";
import { addFavorite } from "~/db/favorites.server";
import { call, db } from "./fixtures";
import {
  type Actor,
  actors,
  apiRoutes,
  createWorld,
  extraSessionCookie,
  newConsentSession,
  newContact,
  newDraft,
  newListedSalesperson,
  newPartnerToken,
  newPurchase,
  newSavedSearch,
  type World,
} from "./hostile-fixtures";

/**
 * The authorisation matrix (issue 11): every route of the API × every kind of caller, one expected
 * cell each. Rows are keyed "METHOD path" with the internal-api prefix written as "v1"; the route
 * list comes from the Hono app, so a new route without a row (or a row without a route) fails.
 *
 * Cells: "ok" = got past every guard (2xx, 3xx or a 4xx other than 401/403: a validation 400, a 404
 * of a made-up id, a 409 of a state rule); "2xx" = succeeded (2xx/3xx); a number = exactly that status.
 *
 * Actors: anonymous; user (signed in, nothing to do with the resource); owner (the head of dealership
 * D, seller of posting P and draft Dr, owner of saved search S); other (another signed-in user with
 * postings and searches of their own); salesperson (of D); dealerHeadOther (head of another
 * dealership); editor (amzsPostingEditor); admin (amzsAdmin only).
 *
 * Deliberate non-403 denials: another user's draft or hidden posting is 404 (its existence is not
 * revealed), another user's saved search is 404 (looked up only among the caller's own).
 */

type Cell = "ok" | "2xx" | number;
type Cells = Record<Actor, Cell>;
type Req = { path?: string; query?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> };
/** `guardFirst`: denied actors (beyond anonymous and role guards) whose 403 must not turn into a 400 on malformed input. */
type Row = { cells: Cells; req?: (w: World, actor: Actor) => Req | Promise<Req>; note?: string; guardFirst?: Actor[] };

const cells = (base: Cell, over: Partial<Cells> = {}): Cells => ({
  ...(Object.fromEntries(actors.map((a) => [a, base])) as Cells),
  ...over,
});
const PUBLIC = cells("ok");
const SIGNED_IN = cells("ok", { anonymous: 401 });
const EDITOR = cells(403, { anonymous: 401, editor: "ok", admin: "ok" });
const ADMIN = cells(403, { anonymous: 401, admin: "ok" });
/** canManagePosting: the seller, colleagues in the posting's dealership, editors and admins. */
const MANAGER = cells(403, { anonymous: 401, owner: "ok", salesperson: "ok", editor: "ok", admin: "ok" });
/** A draft (or hidden posting) is invisible to everyone who does not manage it. */
const MANAGER_ELSE_404 = cells(404, { owner: "2xx", salesperson: "2xx", editor: "2xx", admin: "2xx" });
/** Dealership D addressed by `dealershipCode`: its members and admins. */
const MEMBER_OF_D = cells(403, { anonymous: 401, owner: "ok", salesperson: "ok", admin: "ok" });
/** Changing D's salespeople: its head and admins. */
const HEAD_OF_D = cells(403, { anonymous: 401, owner: "ok", admin: "ok" });
/** The caller's own dealership (no resource addressed): any dealership member. */
const ANY_MEMBER = cells(403, { anonymous: 401, owner: "ok", salesperson: "ok", dealerHeadOther: "ok" });
/** Spending money or credit days: the seller and the seller's dealership colleagues only (staff impersonate, audited). */
const SELLER_SIDE = cells(403, { anonymous: 401, owner: "ok", salesperson: "ok" });
/** Only the owner's own rows are looked up: everyone else gets 404. */
const OWNER_ELSE_404 = cells(404, { anonymous: 401, owner: "2xx" });

let inquirySerial = 0;
/** An inquiry about the owner's posting P (dealership D), as a buyer would leave it. */
async function newInquiry(w: World) {
  const [row] = await db()
    .insert(inquiries)
    .values({
      postingId: w.posting.id,
      sellerUserId: w.owner.id,
      dealershipId: w.dealer.id,
      name: "Kupec",
      email: `kupec-${w.tag}-${inquirySerial++}@primer.si`,
      message: "Še na voljo?",
      client: "test",
      replyTokenHash: `matrix-${w.tag}-${inquirySerial++}`,
    })
    .returning();
  if (!row) throw new Error("inquiry not inserted");
  return row;
}

const ofD = (w: World) => `dealershipCode=${w.dealer.code}`;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const table: Record<string, Row> = {
  // ---------------------------------------------------------------- sign-in and profile
  "POST v1/login/email": { cells: PUBLIC, req: () => ({ json: {} }) },
  "GET v1/login/email/verify": { cells: PUBLIC, note: "only leads to the confirmation page (decision 030)" },
  "GET v1/login/email/link": { cells: cells(404), note: "404 for any token that is not an open link" },
  "GET v1/login/email/link/return": { cells: cells(404), note: "404 for a token that is unknown or still open" },
  "POST v1/login/email/verify": {
    cells: cells(410),
    req: () => ({ json: { token: "x".repeat(43) } }),
    note: "410 for a used or unknown link",
  },
  "GET v1/login": { cells: PUBLIC },
  "POST v1/login": { cells: PUBLIC, req: () => ({ json: {} }) },
  "POST v1/logout": { cells: PUBLIC, note: "a second session of the actor, so the matrix keeps its own" },
  "GET v1/dev/outbox": { cells: PUBLIC, note: "DEV_OUTBOX only (404 in production)" },
  "GET v1/social/login/:provider/redirect": { cells: PUBLIC, req: () => ({ path: "/social/login/google/redirect" }) },
  "GET v1/social/login/:provider/authenticate": {
    cells: PUBLIC,
    req: () => ({ path: "/social/login/google/authenticate" }),
  },
  "POST v1/social/login/:provider/authenticate": {
    cells: PUBLIC,
    req: () => ({ path: "/social/login/apple/authenticate", body: form({ state: "x" }) }),
  },
  "GET v1/social/login/:provider/confirm": {
    cells: cells(404, { anonymous: 401 }),
    req: () => ({ path: "/social/login/google/confirm" }),
    note: "404: no identity waits in this browser",
  },
  "POST v1/social/login/:provider/confirm": {
    cells: cells(404, { anonymous: 401 }),
    req: () => ({ path: "/social/login/google/confirm" }),
    note: "404: no identity waits in this browser",
  },
  "DELETE v1/social/login/:provider/confirm": { cells: PUBLIC, req: () => ({ path: "/social/login/google/confirm" }) },
  "GET v1/me": { cells: cells("2xx", { anonymous: 401 }) },
  "POST v1/me": {
    cells: cells("2xx", { anonymous: 401 }),
    req: () => ({ json: { firstName: "Ana", lastName: "Novak" } }),
  },
  "POST v1/me/phone": { cells: SIGNED_IN, req: () => ({ json: {} }) },
  "POST v1/me/phone/verify": { cells: SIGNED_IN, req: () => ({ json: {} }) },
  "DELETE v1/me/accounts-merged": { cells: cells("2xx", { anonymous: 401 }) },
  "GET v1/me/merge-request": { cells: cells(404, { anonymous: 401 }), note: "404: no legacy account waits to merge" },
  "POST v1/me/merge-request": {
    cells: cells(404, { anonymous: 401 }),
    req: () => ({ json: { id: 999999999 } }),
    note: "404: only the target's own request",
  },
  "DELETE v1/me/merge-request": { cells: cells("2xx", { anonymous: 401 }) },
  // ---------------------------------------------------------------- catalogue and vehicle data (public)
  "GET v1/manufacturer": { cells: PUBLIC },
  "GET v1/models/:manufacturerCode": { cells: PUBLIC, req: () => ({ path: "/models/none" }) },
  "GET v1/vin/:vin": { cells: PUBLIC, req: () => ({ path: "/vin/WVWZZZ1KZAW000001" }) },
  "GET v1/vin/:vin/:trim": { cells: PUBLIC, req: () => ({ path: "/vin/WVWZZZ1KZAW000001/1" }) },
  "PUT v1/trims/search": { cells: PUBLIC, req: () => ({ json: { manufacturer: "none", model: "none" } }) },
  "GET v1/models/:manufacturerCode/:modelFamilyId/:trim": {
    cells: PUBLIC,
    req: () => ({ path: "/models/none/none/1" }),
  },
  "GET v1/vehicle-costs/prices": { cells: PUBLIC },
  // ---------------------------------------------------------------- marketplace (public)
  "GET v1/marketplace/search": { cells: PUBLIC },
  "GET v1/partner-feeds/vehicles.xml": { cells: PUBLIC, note: "public facts only, for partner ad networks" },
  "GET v1/marketplace/count-by/:spreadParamName": {
    cells: PUBLIC,
    req: () => ({ path: "/marketplace/count-by/fuel" }),
  },
  "GET v1/marketplace/count-without-one": {
    cells: PUBLIC,
    note: "counts only; favourites are the caller's own (tests/search-help.test.ts)",
  },
  "GET v1/marketplace/similar-vehicles/:postingCode": {
    cells: PUBLIC,
    req: (w) => ({ path: `/marketplace/similar-vehicles/${w.posting.code}` }),
  },
  "GET v1/marketplace/articles": { cells: PUBLIC },
  "GET v1/articles/:code": {
    cells: PUBLIC,
    req: () => ({ path: "/articles/ni-takega-clanka" }),
    note: "unknown: 404 for everyone",
  },
  "GET v1/marketplace/popular-vehicles": { cells: PUBLIC },
  "POST v1/ai/search": { cells: PUBLIC, req: () => ({ json: { query: "dizel karavan" } }) },
  "GET v1/pricing-items": { cells: PUBLIC },
  // ---------------------------------------------------------------- favourites
  "GET v1/favorites": { cells: cells("2xx", { anonymous: 401 }) },
  "POST v1/postings/:code/favorite": {
    cells: cells("2xx", { anonymous: 401 }),
    req: (w) => ({ path: `/postings/${w.posting.code}/favorite` }),
  },
  "DELETE v1/postings/:code/favorite": {
    cells: cells("2xx", { anonymous: 401 }),
    req: (w) => ({ path: `/postings/${w.posting.code}/favorite` }),
  },
  "PUT v1/postings/:code/favorite/price-alert": {
    cells: cells(404, { anonymous: 401, other: "2xx" }),
    req: async (w) => {
      // "other" likes P; nobody else has it as a favourite, so nobody else can switch its alert.
      await addFavorite(db(), w.people.other.user.id, w.posting.id, w.posting.searchPrice);
      return { path: `/postings/${w.posting.code}/favorite/price-alert`, json: { on: true } };
    },
    note: "only the caller's own favourite; anyone else's, or none, is 404",
  },
  "POST v1/postings/:code/favorite/form": {
    cells: PUBLIC,
    req: (w) => ({
      path: `/postings/${w.posting.code}/favorite/form`,
      body: new URLSearchParams({ liked: "1", returnTo: "/" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    note: "the heart before hydration (decision 067): signed in it likes, signed out it leads to the sign-in",
  },
  "GET v1/favorites/cards": {
    cells: PUBLIC,
    req: (w) => ({ path: `/favorites/cards?codes=${w.posting.code}` }),
    note: "the cards of hearts kept in a signed-out browser: published postings only",
  },
  "POST v1/favorites/merge": {
    cells: SIGNED_IN,
    req: (w) => ({ json: { codes: [w.posting.code] } }),
    note: "always into the caller's own list",
  },
  // ---------------------------------------------------------------- the cookie choice without scripts (decision 064)
  "POST v1/consent": {
    cells: PUBLIC,
    req: () => ({
      body: new URLSearchParams({ choice: "necessary", returnTo: "/" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
  "POST v1/terms-notice": {
    cells: PUBLIC,
    req: () => ({
      body: new URLSearchParams({ returnTo: "/" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
  // ---------------------------------------------------------------- postings
  "GET v1/postings/:code": {
    cells: MANAGER_ELSE_404,
    req: (w) => ({ path: `/postings/${w.draft.code}` }),
    note: "a draft",
  },
  "GET v1/postings/:code/download-pdf": {
    cells: MANAGER_ELSE_404,
    req: (w) => ({ path: `/postings/${w.draft.code}/download-pdf` }),
    note: "a draft",
  },
  "GET v1/postings/:code/statistics": {
    cells: MANAGER,
    req: (w) => ({ path: `/postings/${w.posting.code}/statistics` }),
  },
  "POST v1/leasing-widget/click/:postingCode": {
    cells: PUBLIC,
    req: (w) => ({ path: `/leasing-widget/click/${w.posting.code}` }),
  },
  "POST v1/postings/:code/status": {
    cells: MANAGER,
    req: (w) => ({ path: `/postings/${w.posting.code}/status`, json: { status: "PUBLISHED" } }),
    note: "to its own status: no change",
  },
  "GET v1/postings/:code/delegates": {
    cells: cells(403, { anonymous: 401, owner: "ok", salesperson: "ok", admin: "ok" }),
    req: (w) => ({ path: `/postings/${w.posting.code}/delegates` }),
    note: "whom it can go to: the same people who may delegate it",
  },
  "POST v1/postings/:code/delegate": {
    cells: cells(403, { anonymous: 401, owner: "ok", salesperson: "ok", admin: "ok" }),
    req: (w) => ({ path: `/postings/${w.posting.code}/delegate`, json: { phoneNumber: "+38631000000" } }),
    note: "members of the posting's dealership and admins (not editors)",
  },
  // ---------------------------------------------------------------- posting files
  "POST v1/posting/:code/file": {
    cells: MANAGER,
    req: (w) => ({ path: `/posting/${w.posting.code}/file`, body: form({ metaData: "{}" }) }),
  },
  "DELETE v1/posting/:code/file": {
    cells: MANAGER,
    req: (w) => ({ path: `/posting/${w.posting.code}/file`, json: { url: "/media/none.jpg" } }),
  },
  "POST v1/posting/:code/files/order": {
    cells: MANAGER,
    req: (w) => ({ path: `/posting/${w.posting.code}/files/order`, json: { urls: ["/media/none.jpg"] } }),
  },
  // Issue 23: a document's type and date, and the cover photo (decision 058).
  "PATCH v1/posting/:code/file": {
    cells: MANAGER,
    req: (w) => ({
      path: `/posting/${w.posting.code}/file`,
      json: { url: "/media/none.pdf", documentType: "INVOICE" },
    }),
  },
  "POST v1/posting/:code/files/cover": {
    cells: MANAGER,
    req: (w) => ({ path: `/posting/${w.posting.code}/files/cover`, json: { url: "/media/none.jpg" } }),
  },
  "POST v1/posting/:code/file/avtosken": {
    cells: cells(401),
    req: (w) => ({ path: `/posting/${w.posting.code}/file/avtosken`, body: form({ templateImageId: "a" }) }),
    note: "the scanner's X-Auth-Token only; cookies count for nothing",
  },
  // ---------------------------------------------------------------- drafts
  "GET v1/draft": { cells: cells("2xx", { anonymous: 401 }), note: "each caller's own list" },
  "POST v1/draft": { cells: SIGNED_IN, req: () => ({ json: { manufacturer: "none", model: "none" } }) },
  // A vehicle chosen before signing in (decision 046): anyone may leave or read one by its token; claiming needs a session.
  "POST v1/draft-selection": {
    cells: cells("2xx"),
    req: () => ({ json: { vin: "WVWZZZ1KZAW000001", isPartialVin: false, hiddenVin: false } }),
  },
  "GET v1/draft-selection/:token": {
    cells: PUBLIC,
    req: () => ({ path: `/draft-selection/${"A".repeat(43)}` }),
    note: "unknown token: 404",
  },
  "POST v1/draft-selection/:token/claim": {
    cells: SIGNED_IN,
    req: () => ({ path: `/draft-selection/${"A".repeat(43)}/claim` }),
    note: "unknown token: 404",
  },
  "GET v1/draft/:code": { cells: MANAGER, req: (w) => ({ path: `/draft/${w.draft.code}` }) },
  "GET v1/draft/:code/preview": { cells: MANAGER, req: (w) => ({ path: `/draft/${w.draft.code}/preview` }) },
  "GET v1/draft/:code/market-value": {
    cells: MANAGER,
    req: (w) => ({ path: `/draft/${w.draft.code}/market-value` }),
  },
  "POST v1/draft/:code": {
    cells: MANAGER,
    req: (w) => ({ path: `/draft/${w.draft.code}`, json: { description: "Opis" } }),
  },
  "DELETE v1/draft/:code": {
    cells: MANAGER,
    req: async (w) => ({ path: `/draft/${(await newDraft(w.owner.id, w.dealer.id)).code}` }),
    note: "a fresh draft per caller",
  },
  "POST v1/draft/:code/publish": {
    cells: MANAGER,
    req: (w) => ({ path: `/draft/${w.draft.code}/publish` }),
    note: "incomplete: managers get 400",
  },
  // ---------------------------------------------------------------- dealer: salespeople, contacts, stock, page
  "GET v1/dealer/salespeople": { cells: MEMBER_OF_D, req: (w) => ({ query: ofD(w) }) },
  "POST v1/dealer/salespeople": {
    cells: HEAD_OF_D,
    req: (w) => ({ query: ofD(w), json: { phoneNumber: "031 000 001", firstName: "Novi", lastName: "Svetovalec" } }),
  },
  "POST v1/dealer/salespeople/:phoneNumber/send-sms": {
    cells: HEAD_OF_D,
    req: async (w) => ({
      path: `/dealer/salespeople/${encodeURIComponent((await newListedSalesperson(w.dealer.id)).phoneNumber)}/send-sms`,
      query: ofD(w),
    }),
  },
  "POST v1/dealer/salespeople/:phoneNumber": {
    cells: HEAD_OF_D,
    req: async (w) => ({
      path: `/dealer/salespeople/${encodeURIComponent((await newListedSalesperson(w.dealer.id)).phoneNumber)}`,
      query: ofD(w),
      json: { firstName: "Preimenovan", lastName: "Svetovalec" },
    }),
  },
  "DELETE v1/dealer/salespeople/:phoneNumber": {
    cells: HEAD_OF_D,
    req: async (w) => ({
      path: `/dealer/salespeople/${encodeURIComponent((await newListedSalesperson(w.dealer.id)).phoneNumber)}`,
      query: ofD(w),
    }),
  },
  "POST v1/dealer/:phoneNumber/send-sms": {
    cells: HEAD_OF_D,
    req: (w) => ({
      path: `/dealer/${encodeURIComponent(w.people.salesperson.user.phoneNumber ?? "")}/send-sms`,
      query: ofD(w),
    }),
  },
  "GET v1/dealer/contacts": { cells: MEMBER_OF_D, req: (w) => ({ query: ofD(w) }) },
  "POST v1/dealer/contacts": {
    cells: MEMBER_OF_D,
    req: (w) => ({ query: ofD(w), json: { name: "Servis", email: "servis@primer.si" } }),
  },
  "DELETE v1/dealer/contacts/:id": {
    cells: MEMBER_OF_D,
    req: async (w) => ({ path: `/dealer/contacts/${(await newContact(w.dealer.id)).id}`, query: ofD(w) }),
  },
  "GET v1/dealer/statistics": { cells: ANY_MEMBER },
  "GET v1/dealer/stock.csv": { cells: ANY_MEMBER },
  "GET v1/dealership/:code": { cells: PUBLIC, req: (w) => ({ path: `/dealership/${w.dealer.code}` }) },
  "POST v1/dealership/:code": {
    cells: cells(403, { anonymous: 401, owner: "ok", salesperson: "ok", admin: "ok" }),
    req: (w) => ({ path: `/dealership/${w.dealer.code}`, body: form({ dealership: "{}" }) }),
    note: "the page's own members and admins; editors edit dealerships in the admin screen",
  },
  // ---------------------------------------------------------------- partner applications
  "GET v1/oauth2/:partnerCode": {
    cells: PUBLIC,
    req: (w) => ({
      path: `/oauth2/${w.partner.code}`,
      query: `redirectUrl=${encodeURIComponent("https://dms.example/cb")}&code_challenge=${"x".repeat(43)}&code_challenge_method=S256`,
    }),
  },
  "POST v1/oauth2": {
    cells: PUBLIC,
    req: () => ({
      body: new URLSearchParams({ grant_type: "authorization_code" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    note: "the partner's client secret is the credential",
  },
  "GET v1/oauth2-session/:sessionId": {
    cells: PUBLIC,
    req: async (w) => ({ path: `/oauth2-session/${await newConsentSession(w.partner.id)}` }),
    note: "the unguessable id is the capability",
  },
  "POST v1/oauth2-session/:sessionId": {
    cells: ANY_MEMBER,
    req: async (w) => ({ path: `/oauth2-session/${await newConsentSession(w.partner.id)}` }),
    note: "any dealership member grants for their own dealership",
  },
  "DELETE v1/oauth2-session/:sessionId": {
    cells: PUBLIC,
    req: async (w) => ({ path: `/oauth2-session/${await newConsentSession(w.partner.id)}` }),
    note: "anyone holding the id may deny",
  },
  "GET v1/dealer/partner-grants": { cells: ANY_MEMBER },
  "DELETE v1/dealer/partner-grants/:partnerCode": {
    cells: cells(403, { anonymous: 401, owner: "2xx", salesperson: "2xx", dealerHeadOther: 404 }),
    req: async (w) => {
      await newPartnerToken(w.partner.id, w.owner.id, w.dealer.id);
      return { path: `/dealer/partner-grants/${w.partner.code}` };
    },
    note: "a member revokes for their own dealership only: another dealership has no such grant (404)",
  },
  // ---------------------------------------------------------------- dealer sign-up
  "POST v1/dealer-signup-interest/pin": { cells: PUBLIC, req: () => ({ json: {} }) },
  "POST v1/dealer-signup-interest": { cells: PUBLIC, req: () => ({ body: form({}) }) },
  "POST v1/dealer-signup-interest/verify-email": {
    cells: PUBLIC,
    req: () => ({ json: { token: "x".repeat(43) } }),
    note: "an unknown token: 400 on token",
  },
  // ---------------------------------------------------------------- salesperson invitations (decision 033)
  "GET v1/dealer-invitations/:token": {
    cells: SIGNED_IN,
    req: () => ({ path: `/dealer-invitations/${"x".repeat(43)}` }),
    note: "an unknown token: 404",
  },
  "POST v1/dealer-invitations/:token/accept": {
    cells: SIGNED_IN,
    req: () => ({ path: `/dealer-invitations/${"x".repeat(43)}/accept` }),
    note: "an unknown token: 404",
  },
  "POST v1/dealer-invitations/:token/decline": {
    cells: SIGNED_IN,
    req: () => ({ path: `/dealer-invitations/${"x".repeat(43)}/decline` }),
    note: "an unknown token: 404",
  },
  // ---------------------------------------------------------------- featuring and payments
  "GET v1/postings/:code/pricing-items": {
    cells: MANAGER,
    req: (w) => ({ path: `/postings/${w.posting.code}/pricing-items` }),
  },
  "POST v1/postings/:code/buy-pricing-item": {
    cells: SELLER_SIDE,
    guardFirst: ["other", "editor", "admin"],
    req: (w) => ({
      path: `/postings/${w.posting.code}/buy-pricing-item`,
      json: { numberOfDays: 1, successUrl: "/oglasevanje/x/konec", cancelUrl: "/oglasevanje/x/napaka" },
    }),
  },
  "DELETE v1/postings/:code/checkout": {
    cells: SELLER_SIDE,
    guardFirst: ["other", "editor", "admin"],
    req: (w) => ({ path: `/postings/${w.posting.code}/checkout` }),
  },
  "DELETE v1/postings/:code/buy-pricing-item": {
    cells: SELLER_SIDE,
    guardFirst: ["other", "editor", "admin"],
    req: (w) => ({ path: `/postings/${w.posting.code}/buy-pricing-item` }),
  },
  "POST v1/payments/webhook": {
    cells: PUBLIC,
    req: () => ({ body: "{}" }),
    note: "the provider's signature is the credential",
  },
  "GET v1/dev/payments/:sessionId": {
    cells: cells(403, { anonymous: 401, owner: "2xx" }),
    req: async (w) => ({ path: `/dev/payments/${await newPurchase(w.posting.id, w.owner.id)}` }),
    note: "the buyer only",
  },
  "POST v1/dev/payments/:sessionId/pay": {
    cells: cells(403, { anonymous: 401, owner: "2xx" }),
    req: async (w) => ({ path: `/dev/payments/${await newPurchase(w.posting.id, w.owner.id)}/pay` }),
  },
  "POST v1/dev/payments/:sessionId/cancel": {
    cells: cells(403, { anonymous: 401, owner: "2xx" }),
    req: async (w) => ({ path: `/dev/payments/${await newPurchase(w.posting.id, w.owner.id)}/cancel` }),
  },
  // ---------------------------------------------------------------- editors and admins (spec section 6)
  "GET v1/model-admin": { cells: ADMIN },
  "PUT v1/model-admin": { cells: ADMIN, req: () => ({ json: {} }) },
  "GET v1/posting-review": { cells: EDITOR },
  "POST v1/posting-review/:code": {
    cells: EDITOR,
    req: (w) => ({ path: `/posting-review/${w.posting.code}`, json: {} }),
  },
  "GET v1/search-page-article": { cells: EDITOR },
  "POST v1/search-page-article": { cells: EDITOR, req: () => ({ body: form({}) }) },
  "POST v1/search-page-article/:id": {
    cells: EDITOR,
    req: () => ({ path: "/search-page-article/2147483000", body: form({}) }),
  },
  "DELETE v1/search-page-article/:id": { cells: EDITOR, req: () => ({ path: "/search-page-article/2147483000" }) },
  "GET v1/equipment-segments": { cells: ADMIN },
  "GET v1/equipment-descriptor": { cells: ADMIN },
  "POST v1/equipment-descriptor": { cells: ADMIN, req: () => ({ json: {} }) },
  "POST v1/equipment-descriptor/:id": {
    cells: ADMIN,
    req: () => ({ path: "/equipment-descriptor/2147483000", json: {} }),
  },
  "DELETE v1/equipment-descriptor/:id": { cells: ADMIN, req: () => ({ path: "/equipment-descriptor/2147483000" }) },
  "GET v1/audit-log": { cells: ADMIN },
  "GET v1/dealer": { cells: EDITOR },
  "POST v1/dealer": { cells: ADMIN, req: () => ({ json: {} }) },
  "GET v1/dealer/:code/credit-days": { cells: ADMIN, req: (w) => ({ path: `/dealer/${w.dealer.code}/credit-days` }) },
  "POST v1/dealer/:code/credit-days": {
    cells: ADMIN,
    req: (w) => ({ path: `/dealer/${w.dealer.code}/credit-days`, json: {} }),
  },
  "POST v1/dealer/:code": { cells: EDITOR, req: (w) => ({ path: `/dealer/${w.dealer.code}`, json: {} }) },
  "DELETE v1/dealer/:code": {
    cells: ADMIN,
    req: () => ({ path: "/dealer/hz-does-not-exist", json: { confirmName: "Avto" } }),
  },
  "GET v1/dealer-network": { cells: ADMIN },
  "POST v1/dealer-network": { cells: ADMIN, req: () => ({ body: form({}) }) },
  "POST v1/dealer-network/:code": { cells: ADMIN, req: () => ({ path: "/dealer-network/hz-none", body: form({}) }) },
  "DELETE v1/dealer-network/:code": {
    cells: ADMIN,
    req: () => ({ path: "/dealer-network/hz-none", json: { confirmName: "Mreža" } }),
  },
  "GET v1/admin/salespeople": { cells: ADMIN },
  "POST v1/admin/salespeople": { cells: ADMIN, req: () => ({ json: {} }) },
  "DELETE v1/admin/salespeople/:phoneNumber": {
    cells: ADMIN,
    req: () => ({ path: "/admin/salespeople/%2B38631999999" }),
  },
  "GET v1/admin/users": { cells: ADMIN },
  "POST v1/admin/users/:id/amzs-membership": {
    cells: ADMIN,
    req: () => ({ path: "/admin/users/2147483000/amzs-membership", json: {} }),
  },
  "GET v1/dealer-signup-interest": { cells: ADMIN },
  "GET v1/dealer-signup-interest/:id/extract": {
    cells: ADMIN,
    req: () => ({ path: "/dealer-signup-interest/2147483000/extract" }),
  },
  "POST v1/dealer-signup-interest/:id/confirm": {
    cells: ADMIN,
    req: () => ({ path: "/dealer-signup-interest/2147483000/confirm" }),
  },
  "POST v1/dealer-signup-interest/:id/reject": {
    cells: ADMIN,
    req: () => ({ path: "/dealer-signup-interest/2147483000/reject" }),
  },
  // ---------------------------------------------------------------- campaign
  "GET v1/campaign-transfer-get/:vin": {
    cells: PUBLIC,
    req: () => ({ path: "/campaign-transfer-get/WVWZZZ1KZAW000001" }),
  },
  "GET v1/campaign-transfer-posting-get/:code": {
    cells: PUBLIC,
    req: (w) => ({ path: `/campaign-transfer-posting-get/${w.posting.code}` }),
  },
  "GET v1/campaign-transfer-claim/:postingcode": {
    cells: SIGNED_IN,
    req: (w) => ({ path: `/campaign-transfer-claim/${w.posting.code}` }),
  },
  // ---------------------------------------------------------------- saved searches
  "GET v1/saved-searches/unsubscribe": { cells: PUBLIC, note: "the e-mailed token is the permission" },
  "GET v1/saved-searches": { cells: cells("2xx", { anonymous: 401 }), note: "each caller's own" },
  "POST v1/saved-searches": {
    cells: cells("2xx", { anonymous: 401 }),
    req: () => ({ json: { name: "Iskanje", query: "fuel=DIESEL" } }),
  },
  "POST v1/saved-searches/:id/seen": {
    cells: OWNER_ELSE_404,
    req: (w) => ({ path: `/saved-searches/${w.savedSearch.id}/seen` }),
  },
  "POST v1/saved-searches/:id/open": {
    cells: cells(404, { anonymous: 401, owner: "ok" }),
    req: (w) => ({ path: `/saved-searches/${w.savedSearch.id}/open` }),
    note: "303 to the search for its owner",
  },
  "DELETE v1/saved-searches/:id": {
    cells: OWNER_ELSE_404,
    req: async (w) => ({ path: `/saved-searches/${(await newSavedSearch(w.owner.id)).id}` }),
    note: "a fresh search per caller",
  },
  // ---------------------------------------------------------------- buyers' inquiries (decision 066)
  "POST v1/postings/:code/inquiries": {
    cells: cells("ok", { owner: 403, salesperson: 403 }),
    req: (w) => ({
      path: `/postings/${w.posting.code}/inquiries`,
      json: { name: "Ana", email: `matrix-${w.tag}@primer.si`, message: "Še na voljo?" },
    }),
    note: "anyone but the posting's own seller side (429 once the sender's limit is reached)",
  },
  "POST v1/postings/:code/inquiries/form": {
    cells: cells("ok", { owner: 403, salesperson: 403 }),
    req: (w) => ({
      path: `/postings/${w.posting.code}/inquiries/form`,
      body: new URLSearchParams({ name: "Ana", email: `matrix-form-${w.tag}@primer.si`, message: "Ogled?" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
  "GET v1/inquiries/captcha": { cells: PUBLIC },
  "GET v1/inquiries/reply": { cells: cells(404), note: "the e-mailed token is the permission" },
  "POST v1/inquiries/reply": { cells: cells(404), req: () => ({ json: { token: "x".repeat(32), message: "Da." } }) },
  "GET v1/inquiries": {
    cells: cells("2xx", { anonymous: 401 }),
    note: "each caller's own (a dealership's for its members)",
  },
  "POST v1/inquiries/:id/reply": {
    cells: cells(404, { anonymous: 401, owner: "2xx", salesperson: "2xx" }),
    req: async (w) => ({ path: `/inquiries/${(await newInquiry(w)).id}/reply`, json: { message: "Na voljo je." } }),
    note: "a fresh inquiry per caller; anyone outside the dealership gets 404",
  },
  "POST v1/inquiries/:id/answered": {
    cells: cells(404, { anonymous: 401, owner: "2xx", salesperson: "2xx" }),
    req: async (w) => ({ path: `/inquiries/${(await newInquiry(w)).id}/answered` }),
  },
  // ---------------------------------------------------------------- impersonation and media (no prefix)
  "POST /is-impersonated": { cells: PUBLIC },
  "POST /impersonate/:target": {
    cells: ADMIN,
    req: () => ({ path: "/impersonate/2147483000" }),
    note: "an unknown user: admins get 404",
  },
  "POST /stop-impersonation": { cells: cells(400), note: "nobody here is impersonating" },
  "GET /media/*": { cells: PUBLIC, req: () => ({ path: "/media/seed/none.jpg" }) },
  // ---------------------------------------------------------------- sitemaps (public, for search engines)
  "GET /sitemap.xml": { cells: PUBLIC },
  "GET /sitemap-pages.xml": { cells: PUBLIC },
  "GET /sitemap-dealers.xml": { cells: PUBLIC },
  "GET /:file{sitemap-postings-[0-9]{1,4}\\.xml}": { cells: PUBLIC, req: () => ({ path: "/sitemap-postings-1.xml" }) },
};

const keyOf = (route: string) => {
  const [method, path = ""] = route.split(" ");
  return path.startsWith(`${apiBasePath}/`) ? `${method} v1${path.slice(apiBasePath.length)}` : route;
};

const passes = (cell: Cell, status: number) =>
  cell === "ok"
    ? status < 500 && status !== 401 && status !== 403
    : cell === "2xx"
      ? status >= 200 && status < 400
      : status === cell;

/** The request of one cell: the row's path (relative to the prefix for "v1" rows), query, body and the actor's cookie. */
async function send(key: string, row: Row, w: World, actor: Actor, cookieOverride?: string) {
  const [method = "GET", routePath = ""] = key.split(" ");
  const req = (await row.req?.(w, actor)) ?? {};
  const prefixed = routePath.startsWith("v1/");
  const path = req.path ?? (prefixed ? routePath.slice(2) : routePath);
  const url = `${prefixed ? apiBasePath : ""}${path}${req.query ? `?${req.query}` : ""}`;
  const cookie = cookieOverride ?? w.cookieOf(actor);
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    ...(req.json !== undefined ? { "content-type": "application/json" } : {}),
    ...req.headers,
  };
  const body = req.json !== undefined ? JSON.stringify(req.json) : req.body;
  return call(url, { method, headers, body });
}

describe("authorisation matrix: every route × every kind of caller", () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  });

  it("has exactly one row per route of the API", () => {
    const routes = apiRoutes().map(keyOf);
    expect(
      routes.filter((r) => !(r in table)),
      "routes without a row",
    ).toEqual([]);
    expect(
      Object.keys(table).filter((k) => !routes.includes(k)),
      "rows without a route",
    ).toEqual([]);
  });

  it("answers each cell as the table says", async () => {
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(table)) {
      for (const actor of actors) {
        // Logout ends the session it is called with: each signed-in actor uses a second one.
        const cookie =
          key === "POST v1/logout" && actor !== "anonymous" ? await extraSessionCookie(w.userOf(actor).id) : undefined;
        const res = await send(key, row, w, actor, cookie);
        const expected = row.cells[actor];
        if (!passes(expected, res.status))
          wrong.push(`${key} as ${actor}: expected ${expected}, got ${res.status} ${(await res.text()).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  // Ownership of one posting, draft, dealership or saved search is decided where the resource is
  // loaded, after the input has passed its (public) schema: a wrong actor with malformed input gets
  // the same 400 anyone would, which says nothing about the resource. Sign-in and roles are decided
  // first everywhere, and so is the seller check of the calls that spend money (`guardFirst`).
  it("decides 401 and role 403 before looking at the input: malformed input still gets the guard's answer", async () => {
    const wrong: string[] = [];
    const roleDenied = new Set<Row>([EDITOR, ADMIN].flatMap((c) => Object.values(table).filter((r) => r.cells === c)));
    for (const [key, row] of Object.entries(table)) {
      const [method = "GET"] = key.split(" ");
      const garbage: Row = {
        cells: row.cells,
        req: async (world, actor) => {
          const base = (await row.req?.(world, actor)) ?? {};
          return {
            ...base,
            query: `page=-1&page=x&size=%00&dealershipCode=%27%20OR%201%3D1&q=${"x".repeat(300)}`,
            ...(method === "GET" || method === "DELETE"
              ? {}
              : { body: "{not json", headers: { "content-type": "application/json" }, json: undefined }),
          };
        },
      };
      const checks: Actor[] = [
        ...(row.cells.anonymous === 401 ? (["anonymous"] as const) : []),
        ...(roleDenied.has(row) ? (["user", "salesperson"] as const) : []),
        ...(row.guardFirst ?? []),
      ];
      for (const actor of checks) {
        const res = await send(key, garbage, w, actor);
        if (res.status !== row.cells[actor])
          wrong.push(`${key} as ${actor} with malformed input: expected ${row.cells[actor]}, got ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe("partner Bearer tokens act as the granting member, on the postings calls only", () => {
  it("reaches the dealership's drafts, nothing else, and a dead token is 401", async () => {
    const w = await createWorld();
    const token = await newPartnerToken(w.partner.id, w.owner.id, w.dealer.id);
    const bearer = (path: string, init: RequestInit = {}) =>
      call(`${apiBasePath}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });
    const statuses = {
      ownDraft: (await bearer(`/draft/${w.draft.code}`)).status,
      ownPostingStatus: (
        await bearer(`/postings/${w.posting.code}/status`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ status: "PUBLISHED" }),
        })
      ).status,
      otherDealershipPosting: (await bearer(`/postings/${w.otherPosting.code}/statistics`)).status,
      profile: (await bearer("/me")).status,
      buyFeaturing: (
        await bearer(`/postings/${w.posting.code}/buy-pricing-item`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
      admin: (await bearer("/audit-log")).status,
      dealershipPage: (await bearer(`/dealership/${w.dealer.code}`, { method: "POST", body: new FormData() })).status,
    };
    expect(statuses).toEqual({
      ownDraft: 200,
      ownPostingStatus: 200,
      otherDealershipPosting: 403,
      profile: 403,
      buyFeaturing: 403,
      admin: 403,
      dealershipPage: 403,
    });
    const dead = await call(`${apiBasePath}/draft`, {
      headers: { authorization: `Bearer ${"x".repeat(40)}`, cookie: w.people.admin.cookie },
    });
    expect(dead.status).toBe(401);
    expect(dead.headers.get("www-authenticate")).toContain("invalid_token");
  });
});
