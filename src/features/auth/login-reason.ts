import type { Me } from "~/domain/user";

export type LoginReason = "noemail" | "duplicate" | "confirm" | "failed" | null;

/** Why the login is shown again (spec: reason=noemail, reason=duplicate; a failed or confirm-pending link). */
export function loginReasonOf(search: Record<string, unknown>): LoginReason {
  if (search.reason === "noemail" || search.reason === "duplicate" || search.reason === "confirm") return search.reason;
  return search.success === "false" ? "failed" : null;
}

/** Which of the sign-in dialogs over any page the visitor needs now (spec section 2). */
export function wantedAuthDialogs(me: Me | null, pathname: string, search: Record<string, unknown>) {
  const reason = loginReasonOf(search);
  return {
    reason,
    /** The login after a failed link (success=false), except on the login page itself. */
    login: !me && pathname !== "/relogin" && reason !== null,
    /** The migrate dialog for a legacy account without e-mail. */
    migrate: Boolean(me && !me.impersonated && me.registrationStatus === "MISSINGEMAIL"),
    /** The accounts-merged notice, once. */
    merged: Boolean(me?.accountsWereMerged && !me.impersonated),
  };
}
