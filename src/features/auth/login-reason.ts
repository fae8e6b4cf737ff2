import type { Me } from "~/domain/user";

export type LoginReason = "noemail" | "duplicate" | "confirm" | "link" | "failed" | null;

/** Why the login is shown again (spec: reason=noemail, reason=duplicate; a failed or confirm-pending link). */
export function loginReasonOf(search: Record<string, unknown>): LoginReason {
  if (
    search.reason === "noemail" ||
    search.reason === "duplicate" ||
    search.reason === "confirm" ||
    search.reason === "link"
  )
    return search.reason;
  return search.success === "false" ? "failed" : null;
}

/** Pages that confirm a sign-in, a social link or a merge: no sign-in dialog covers them. */
const consentPages = ["/prijava/", "/povezava-racuna/", "/zdruzitev-racunov"];

/** Which of the sign-in dialogs over any page the visitor needs now (spec section 2). */
export function wantedAuthDialogs(me: Me | null, pathname: string, search: Record<string, unknown>) {
  const reason = loginReasonOf(search);
  return {
    reason,
    /** The login after a failed link (success=false), except on the login page itself. */
    login: !me && pathname !== "/relogin" && reason !== null && !consentPages.some((p) => pathname.startsWith(p)),
    /** The migrate dialog for a legacy account without e-mail. */
    // Not over the pages that finish a move (decisions 030–032): they are the move.
    migrate: Boolean(
      me &&
        !me.impersonated &&
        me.registrationStatus === "MISSINGEMAIL" &&
        !consentPages.some((p) => pathname.startsWith(p)),
    ),
    /** The accounts-merged notice, once. */
    merged: Boolean(me?.accountsWereMerged && !me.impersonated && !consentPages.some((p) => pathname.startsWith(p))),
  };
}
