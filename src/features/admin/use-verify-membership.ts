import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import type { AdminUser } from "~/contracts/admin-dealers";
import { m } from "~/paraglide/messages";
import { verifyMembership } from "./admin.mutations";
import { adminUsersQueryOptions } from "./dealer-admin.queries";

/**
 * `POST admin/users/{id}/amzs-membership` (decision 039): the admin confirms (or withdraws) the number shown
 * in the list; a number changed meanwhile answers 409. The list reloads either way.
 */
export function useVerifyMembership(q: string | undefined) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  // The row the write is for: its button is the one disabled while the helper is busy.
  const row = useRef<number | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminUsersQueryOptions(q).queryKey });
  const form = useApiForm({
    mutationFn: ({ id, number, verified }: { id: number; number: string; verified: boolean }) =>
      verifyMembership(id, { number, verified }),
    onSuccess: async (result) => {
      setDone(
        result.amzsMembershipVerified ? m.adealers_users_membership_done() : m.adealers_users_membership_undone(),
      );
      await reload();
    },
    onError: async (error) => {
      form.setFormError(error instanceof ApiError ? error.message : m.error_generic());
      await reload();
    },
  });
  const toggle = async (u: AdminUser) => {
    if (!u.amzsMembershipNumber) return;
    setDone(null);
    if (!form.busy) row.current = u.id;
    await form.submit({ id: u.id, number: u.amzsMembershipNumber, verified: !u.amzsMembershipVerified });
  };
  const notice = form.formError ? { ok: false, text: form.formError } : done ? { ok: true, text: done } : null;
  return { toggle, busyId: form.busy ? row.current : null, notice };
}
