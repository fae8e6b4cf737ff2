import type { AdminUser } from "~/contracts/admin-dealers";
import { searchUsersForAdmin } from "~/db/dealer-admin/people.server";
import type { Db } from "~/db/client.server";
import { normalizePhone, toSlovenianMobile } from "~/domain/validators";

/** `GET admin/users?q=` (admins): accounts by id, phone (any way it is typed), e-mail or name; the newest 25 without a query. */
export async function searchUsers(db: Db, q: string | undefined): Promise<AdminUser[]> {
  const text = q?.trim() || null;
  const id = text && /^\d{1,9}$/.test(text) ? Number(text) : null;
  const phone = text
    ? (toSlovenianMobile(text) ?? (/^\+\d[\d\s-]{5,}$/.test(text) ? normalizePhone(text).replace(/-/g, "") : null))
    : null;
  const rows = await searchUsersForAdmin(db, { id, phone, text });
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null,
    phoneNumber: r.phoneNumber,
    amzsAdmin: r.amzsAdmin,
    amzsPostingEditor: r.amzsPostingEditor,
    amzsMembershipNumber: r.amzsMembershipNumber,
    amzsMembershipVerified: r.amzsMembershipVerified,
    disabled: r.disabled,
    registeredAt: r.registeredAt,
    lastLoginAt: r.lastLoginAt,
    dealership: r.dealershipName ? { code: r.dealershipCode, name: r.dealershipName, role: r.dealershipRole } : null,
  }));
}

// ---------------------------------------------------------------------------
// Dealer sign-up requests
