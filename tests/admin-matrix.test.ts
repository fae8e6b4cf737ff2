import { describe, expect, it } from "vitest";
import { adminArticleRoutes } from "~/api/routes/admin-articles";
import { adminAuditRoutes } from "~/api/routes/admin-audit";
import { adminDealerRoutes } from "~/api/routes/admin-dealers";
import { adminEquipmentRoutes } from "~/api/routes/admin-equipment";
import { adminModelRoutes } from "~/api/routes/admin-models";
import { adminPostingReviewRoutes } from "~/api/routes/admin-posting-review";
import { dealerships } from "~/db/schema";
import { call, db, signedInUser } from "./fixtures";

// Who may call each editor/admin endpoint (spec section 6): editors see dealership, article and posting
// editing; everything else is for administrators.
const access: Record<string, "editor" | "admin"> = {
  "GET /search-page-article": "editor",
  "POST /search-page-article": "editor",
  "POST /search-page-article/:id": "editor",
  "DELETE /search-page-article/:id": "editor",
  "GET /audit-log": "admin",
  "GET /dealer": "editor",
  "POST /dealer": "admin",
  "GET /dealer/:code/credit-days": "admin",
  "POST /dealer/:code/credit-days": "admin",
  "POST /dealer/:code": "editor",
  "DELETE /dealer/:code": "admin",
  "GET /dealer-network": "admin",
  "POST /dealer-network": "admin",
  "POST /dealer-network/:code": "admin",
  "DELETE /dealer-network/:code": "admin",
  "GET /admin/salespeople": "admin",
  "POST /admin/salespeople": "admin",
  "DELETE /admin/salespeople/:phoneNumber": "admin",
  "GET /admin/users": "admin",
  "GET /dealer-signup-interest": "admin",
  "GET /dealer-signup-interest/:id/extract": "admin",
  "POST /dealer-signup-interest/:id/confirm": "admin",
  "POST /dealer-signup-interest/:id/reject": "admin",
  "GET /equipment-segments": "admin",
  "GET /equipment-descriptor": "admin",
  "POST /equipment-descriptor": "admin",
  "POST /equipment-descriptor/:id": "admin",
  "DELETE /equipment-descriptor/:id": "admin",
  "GET /model-admin": "admin",
  "PUT /model-admin": "admin",
  "GET /posting-review": "editor",
  "POST /posting-review/:code": "editor",
};

// Every route of the admin modules, read from the Hono apps themselves: a new route without a row fails.
const routes = [...new Set([adminArticleRoutes, adminAuditRoutes, adminDealerRoutes, adminEquipmentRoutes, adminModelRoutes, adminPostingReviewRoutes].flatMap((r) => r.routes.filter((x) => x.method !== "ALL").map((x) => `${x.method} ${x.path}`)))];

const concrete = (path: string, code: string) =>
  path.replace(":code", code).replace(":id", "999999").replace(":phoneNumber", "+38640999999");

describe("editor and admin endpoints: the role matrix", () => {
  it("has a row for every route of the admin modules", () => {
    expect(routes.filter((r) => !(r in access))).toEqual([]);
    expect(routes.length).toBe(Object.keys(access).length);
  });

  it("answers 401 signed out, 403 for users and dealers, 403 for editors on admin-only calls, and lets the right role through", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const [dealer] = await db().insert(dealerships).values({ name: `Matrika ${tag}`, code: `matrika-${tag}` }).returning();
    if (!dealer) throw new Error("dealership not inserted");
    const people = {
      user: await signedInUser(),
      dealer: await signedInUser({ dealershipId: dealer.id, dealershipRole: "HEAD" }),
      editor: await signedInUser({ amzsPostingEditor: true }),
      admin: await signedInUser({ amzsAdmin: true, amzsPostingEditor: true }),
    };
    const rows: string[] = [];
    for (const route of routes) {
      const [method = "GET", path = "/"] = route.split(" ");
      const url = `/internal-api/v1${concrete(path, dealer.code ?? "")}`;
      const send = (cookie?: string) =>
        call(url, { method, headers: { ...(cookie ? { cookie } : {}), ...(method === "GET" ? {} : { "content-type": "application/json" }) }, body: method === "GET" ? undefined : "{}" });
      const status = {
        anonymous: (await send()).status,
        user: (await send(people.user.cookie)).status,
        dealer: (await send(people.dealer.cookie)).status,
        editor: (await send(people.editor.cookie)).status,
        admin: (await send(people.admin.cookie)).status,
      };
      const editorAllowed = access[route] === "editor";
      const ok = (s: number) => s !== 401 && s !== 403 && s < 500;
      const expected = status.anonymous === 401 && status.user === 403 && status.dealer === 403 && (editorAllowed ? ok(status.editor) : status.editor === 403) && ok(status.admin);
      if (!expected) rows.push(`${route}: ${JSON.stringify(status)}`);
    }
    expect(rows).toEqual([]);
  }, 60_000);
});
