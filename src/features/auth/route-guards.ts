import { redirect } from "@tanstack/react-router";
import type { Me } from "~/domain/user";
import { failPage } from "~/lib/page-error";

/** Auth gate for route beforeLoad: signed-out visitors sign in first and come back (spec section 6). */
export function requireSignedIn({ context, location }: { context: { me: Me | null }; location: { href: string } }) {
  if (!context.me) throw redirect({ to: "/relogin", search: { redirectUrl: location.href } });
}

type GuardArgs = { context: { me: Me | null }; location: { href: string } };

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

/** Dealership users only (dealer pages under /dms): others get the 403 page "Niste trgovec." */
export async function requireDealer(args: GuardArgs) {
  requireSignedIn(args);
  if (!args.context.me?.dealership) await failPage(403, "dealer");
}
