import { redirect } from "@tanstack/react-router";
import { safeReturnPath } from "~/domain/return-path";
import { isRegistered, type Me } from "~/domain/user";
import { failPage } from "~/lib/page-error";

type GuardArgs = { context: { me: Me | null }; location: { href: string } };

/** Auth gate for route beforeLoad: signed-out visitors sign in first and come back (spec section 6). */
export function requireSignedIn({ context, location }: GuardArgs) {
  if (!context.me) throw redirect({ to: "/relogin", search: { redirectUrl: location.href } });
}

/**
 * Registered-user guard (spec section 6): signed in first (else /relogin), then a first or last name;
 * a user without names completes the profile on /register and comes back to the same page.
 */
export function requireRegistered(args: GuardArgs) {
  requireSignedIn(args);
  if (!isRegistered(args.context.me))
    throw redirect({ to: "/register", search: { redirectUrl: safeReturnPath(args.location.href) } });
}

/**
 * Role guards (spec section 6): the sign-in check first (signed-out visitors go to /relogin), then the
 * role; a signed-in user without it gets the 403 page ("Dostop ni dovoljen", naming the role) with
 * HTTP 403, on the server and after a client-side navigation alike.
 */
export async function requireEditor(args: GuardArgs) {
  requireSignedIn(args);
  if (!args.context.me?.amzsPostingEditor && !args.context.me?.amzsAdmin) await failPage(403, "editor");
}

/** Administrators only: 'You are not an admin' as the 403 page "Niste administrator." */
export async function requireAdmin(args: GuardArgs) {
  requireSignedIn(args);
  if (!args.context.me?.amzsAdmin) await failPage(403, "admin");
}

/**
 * Dealership users only (dealer pages under /dms): a member without names completes the profile first
 * (registered-user guard), others get the 403 page "Niste trgovec."
 */
export async function requireDealer(args: GuardArgs) {
  requireRegistered(args);
  if (!args.context.me?.dealership) await failPage(403, "dealer");
}
