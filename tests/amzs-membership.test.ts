import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { pricingItems } from "~/db/schema/featuring";
import { users } from "~/db/schema/users";
import type { BuyResult, PostingPricing } from "~/domain/featuring";
import type { Me } from "~/domain/user";
import { call, db, json, publishedPosting, signedInUser } from "./fixtures";

/**
 * Issue 19, rule 11: the members' price needs a verified membership. A number typed into the
 * profile is self-declared; only the number an admin verified (in the users console, audited)
 * gets the members' package, and changing the number drops the verification.
 */
const api = (path: string) => `/internal-api/v1${path}`;
const get = (path: string, cookie: string) => call(api(path), { headers: { cookie } });
const buyMembers = (code: string, cookie: string) =>
  call(
    api(`/postings/${code}/buy-pricing-item`),
    json(
      {
        numberOfDays: 7,
        package: "EXPOSED_MEMBERS",
        successUrl: "/oglasevanje/x/konec",
        cancelUrl: "/oglasevanje/x/napaka",
      },
      cookie,
    ),
  );
const setProfile = (cookie: string, amzsMembershipNumber: string | null) =>
  call(api("/me"), json({ firstName: "Ana", lastName: "Novak", amzsMembershipNumber }, cookie));
const verify = (cookie: string, userId: number, number: string, verified: boolean) =>
  call(api(`/admin/users/${userId}/amzs-membership`), json({ number, verified }, cookie));
const membersPackage = async (code: string, cookie: string) =>
  ((await (await get(`/postings/${code}/pricing-items`, cookie)).json()) as PostingPricing).packages.find(
    (p) => p.package === "EXPOSED_MEMBERS",
  );

beforeAll(async () => {
  await db()
    .insert(pricingItems)
    .values({ package: "EXPOSED_MEMBERS", days: 7, pricePerDay: 70, requiresMembership: true })
    .onConflictDoNothing();
});

describe("rule 11: the members' price needs a verified AMZS membership", () => {
  it("a self-declared number is stored unverified: the members' package is refused with the reason, in the options and on buying", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const saved = await setProfile(seller.cookie, "AMZS-777");
    expect(saved.status).toBe(200);
    expect((await saved.json()) as Me).toMatchObject({
      amzsMembershipNumber: "AMZS-777",
      amzsMembershipVerified: false,
    });
    expect(await membersPackage(posting.code, seller.cookie)).toMatchObject({
      available: false,
      unavailableReason: "MEMBERSHIP_UNVERIFIED",
    });
    const refused = await buyMembers(posting.code, seller.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fieldErrors: [
        { field: "package", message: "Članstvo AMZS še ni preverjeno. Paket za člane bo na voljo, ko ga preverimo." },
      ],
    });
  });

  it("an admin verifies the number in the users console (audited); then the package is offered, and a changed number drops it again", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const seller = await signedInUser({ amzsMembershipNumber: "AMZS-888" });
    const posting = await publishedPosting({ userId: seller.user.id });

    const listed = (await (await get(`/admin/users?q=${seller.user.id}`, admin.cookie)).json()) as {
      id: number;
      amzsMembershipNumber: string | null;
      amzsMembershipVerified: boolean;
    }[];
    expect(listed.find((u) => u.id === seller.user.id)).toMatchObject({
      amzsMembershipNumber: "AMZS-888",
      amzsMembershipVerified: false,
    });
    expect((await verify(admin.cookie, seller.user.id, "AMZS-888", true)).status).toBe(200);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, String(seller.user.id))))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "amzs-membership-verify", actorUserId: admin.user.id });
    expect(JSON.parse(audit[0]?.afterJson ?? "{}")).toEqual({ amzsMembershipNumber: "AMZS-888", verified: true });

    expect(await membersPackage(posting.code, seller.cookie)).toMatchObject({
      available: true,
      unavailableReason: null,
    });
    expect(((await (await get("/me", seller.cookie)).json()) as Me).amzsMembershipVerified).toBe(true);
    const bought = (await (await buyMembers(posting.code, seller.cookie)).json()) as BuyResult;
    expect(bought.result).toBe("payment");

    // Another number typed in later is self-declared again.
    expect(((await (await setProfile(seller.cookie, "AMZS-999")).json()) as Me).amzsMembershipVerified).toBe(false);
    expect(await membersPackage(posting.code, seller.cookie)).toMatchObject({
      available: false,
      unavailableReason: "MEMBERSHIP_UNVERIFIED",
    });
  });

  it("the admin cannot verify a number the profile no longer holds (409), and withdrawing the verification is audited", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const member = await signedInUser({ amzsMembershipNumber: "AMZS-555" });
    const stale = await verify(admin.cookie, member.user.id, "AMZS-000", true);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      "Številka članstva AMZS se je medtem spremenila ali je ni več. Osvežite seznam in preverite znova.",
    );
    expect(
      (await db().select().from(users).where(eq(users.id, member.user.id)).get())?.amzsMembershipVerifiedNumber,
    ).toBeNull();
    expect((await verify(admin.cookie, member.user.id, "AMZS-555", true)).status).toBe(200);
    expect((await verify(admin.cookie, member.user.id, "AMZS-555", false)).status).toBe(200);
    expect(
      (await db().select().from(users).where(eq(users.id, member.user.id)).get())?.amzsMembershipVerifiedNumber,
    ).toBeNull();
    const actions = (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, String(member.user.id))))
        .all()
    ).map((a) => a.action);
    expect(actions).toEqual(["amzs-membership-verify", "amzs-membership-unverify"]);
  });

  it("only admins verify: the member themself, a buyer and a signed-out caller are refused", async () => {
    const member = await signedInUser({ amzsMembershipNumber: "AMZS-444" });
    expect((await verify(member.cookie, member.user.id, "AMZS-444", true)).status).toBe(403);
    expect(
      (await call(api(`/admin/users/${member.user.id}/amzs-membership`), json({ number: "AMZS-444", verified: true })))
        .status,
    ).toBe(401);
    expect(
      (await db().select().from(users).where(eq(users.id, member.user.id)).get())?.amzsMembershipVerifiedNumber,
    ).toBeNull();
  });
});
