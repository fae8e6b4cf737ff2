import type { AdminSalespeopleList } from "~/contracts/admin-dealers";
import type { SessionUser } from "~/domain/session";
import { listAllSalespeople } from "~/db/dealer-admin/people.server";
import { findDealershipById, findSalespersonByPhone } from "~/db/dealer-people.server";
import type { AuditActor } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import type { SalespeopleListQuery } from "~/contracts/admin-dealers";
import { addSalesperson, removeSalesperson, resolveDealerActor } from "../dealer-people.server";
import type { SmsProvider } from "../providers/sms.server";
import { dealerAdminErrors } from "./shared.server";

export const salespeoplePageSize = 25;

/** `GET admin/salespeople` (admins): every dealer's salespeople with search, optionally of one dealership. */
export async function listSalespeopleForAdmin(db: Db, query: SalespeopleListQuery): Promise<AdminSalespeopleList> {
  const page = query.page ?? 1;
  const { rows, total } = await listAllSalespeople(db, {
    q: query.q || undefined,
    dealershipCode: query.dealershipCode,
    page,
    size: salespeoplePageSize,
  });
  return {
    total,
    page,
    size: salespeoplePageSize,
    salespeople: rows.map((r) => ({
      phoneNumber: r.phoneNumber,
      firstName: r.firstName,
      lastName: r.lastName,
      hasAccount: r.userId !== null,
      status: r.userId !== null ? "JOINED" : r.declinedAt !== null ? "DECLINED" : "INVITED",
      invitedAt: r.invitedAt,
      createdAt: r.createdAt,
      dealership: { code: r.dealershipCode, name: r.dealershipName },
    })),
  };
}

/**
 * `POST admin/salespeople` (admins): a salesperson for the chosen dealership, by the dealers' own rules
 * (a phone listed with another dealer is refused with the spec's message; the number gets the
 * invitation SMS and joins only when its owner accepts, decision 033).
 */
export async function addSalespersonAsAdmin(
  db: Db,
  sms: SmsProvider,
  admin: SessionUser,
  actor: AuditActor,
  input: { dealershipCode: string; phoneNumber: string; firstName: string; lastName: string },
  siteUrl: string,
) {
  const dealer = await resolveDealerActor(db, admin, input.dealershipCode);
  return addSalesperson(
    db,
    sms,
    dealer,
    { phoneNumber: input.phoneNumber, firstName: input.firstName, lastName: input.lastName },
    siteUrl,
    actor,
  );
}

/** `DELETE admin/salespeople/{phoneNumber}` (admins): removes the salesperson from whichever dealership lists them. */
export async function removeSalespersonAsAdmin(db: Db, actor: AuditActor, phoneNumber: string) {
  const row = await findSalespersonByPhone(db, phoneNumber);
  const dealership = row ? await findDealershipById(db, row.dealershipId) : undefined;
  if (!row || !dealership) throw dealerAdminErrors.salespersonNotFound();
  await removeSalesperson(
    db,
    {
      userId: actor.actorUserId,
      dealership: { id: dealership.id, code: dealership.code, name: dealership.publicName ?? dealership.name },
      head: true,
    },
    phoneNumber,
    actor,
  );
}

// ---------------------------------------------------------------------------
// Users (the impersonation entry)
