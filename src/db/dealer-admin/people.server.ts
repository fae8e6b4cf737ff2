import { and, asc, count, desc, eq, getTableColumns, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client.server";
import { membershipVerified } from "../users.server";
import { salespersonListColumns } from "../dealer-people.server";
import { dealerSignupRequests, dealerships, salespeople } from "../schema/dealerships";
import { users } from "../schema/users";
import { contains } from "./dealerships.server";

/** One page of all dealers' salespeople (by dealership, then name), optionally of one dealership; and the total. */
export async function listAllSalespeople(
  db: Db,
  options: { q?: string; dealershipCode?: string; page: number; size: number },
) {
  const where = and(
    options.dealershipCode ? eq(dealerships.code, options.dealershipCode) : undefined,
    options.q
      ? contains(options.q, [
          sql`${salespeople.firstName}`,
          sql`${salespeople.lastName}`,
          sql`${salespeople.phoneNumber}`,
          sql`${dealerships.name}`,
          sql`${dealerships.publicName}`,
        ])
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        ...salespersonListColumns,
        createdAt: salespeople.createdAt,
        dealershipCode: dealerships.code,
        dealershipName: sql<string>`coalesce(${dealerships.publicName}, ${dealerships.name})`,
      })
      .from(salespeople)
      .innerJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
      .where(where)
      .orderBy(
        asc(sql`lower(coalesce(${dealerships.publicName}, ${dealerships.name}))`),
        asc(sql`lower(coalesce(${salespeople.lastName}, ''))`),
        asc(sql`lower(coalesce(${salespeople.firstName}, ''))`),
        asc(salespeople.id),
      )
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .all(),
    db
      .select({ n: count() })
      .from(salespeople)
      .innerJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------
// Users (the impersonation entry)

/** Accounts matching an id, a phone number or a text (e-mail, name), newest first; at most `limit`. */
export function searchUsersForAdmin(
  db: Db,
  match: { id: number | null; phone: string | null; text: string | null },
  limit = 25,
) {
  const where = or(
    match.id !== null ? eq(users.id, match.id) : undefined,
    match.phone !== null ? eq(users.phoneNumber, match.phone) : undefined,
    match.text !== null
      ? contains(match.text, [
          sql`${users.email}`,
          sql`${users.phoneNumber}`,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          sql`${users.lastName}`,
        ])
      : undefined,
  );
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      amzsAdmin: users.amzsAdmin,
      amzsPostingEditor: users.amzsPostingEditor,
      amzsMembershipNumber: users.amzsMembershipNumber,
      amzsMembershipVerified: membershipVerified,
      disabled: users.disabled,
      registeredAt: users.registeredAt,
      lastLoginAt: users.lastLoginAt,
      dealershipRole: users.dealershipRole,
      dealershipCode: dealerships.code,
      dealershipName: sql<string | null>`coalesce(${dealerships.publicName}, ${dealerships.name})`,
    })
    .from(users)
    .leftJoin(dealerships, eq(dealerships.id, users.dealershipId))
    .where(where ?? sql`1`)
    .orderBy(desc(users.id))
    .limit(limit)
    .all();
}

// ---------------------------------------------------------------------------
// Dealer sign-up requests

/** The pending requests (oldest first: first come, first served) or the decided ones (newest decision first); at most 100. */
export function listSignupRequestsForAdmin(db: Db, pending: boolean) {
  const { pinHash: _pinHash, emailTokenHash: _emailTokenHash, ...columns } = getTableColumns(dealerSignupRequests);
  return (
    db
      .select({
        ...columns,
        dealershipCode: dealerships.code,
        decidedByFirstName: users.firstName,
        decidedByLastName: users.lastName,
        decidedByEmail: users.email,
      })
      .from(dealerSignupRequests)
      .leftJoin(dealerships, eq(dealerships.id, dealerSignupRequests.dealershipId))
      .leftJoin(users, eq(users.id, dealerSignupRequests.decidedBy))
      // A request counts only once its e-mail is confirmed (issue 19, rule 5): until then admins do not see it.
      .where(
        pending
          ? and(eq(dealerSignupRequests.status, "PENDING"), isNotNull(dealerSignupRequests.emailVerifiedAt))
          : ne(dealerSignupRequests.status, "PENDING"),
      )
      .orderBy(
        pending ? asc(dealerSignupRequests.createdAt) : desc(dealerSignupRequests.decidedAt),
        desc(dealerSignupRequests.id),
      )
      .limit(100)
      .all()
  );
}

export type SignupRequestRow = Awaited<ReturnType<typeof listSignupRequestsForAdmin>>[number];
