import { redirect } from "@tanstack/react-router";
import { safeReturnPath } from "~/domain/return-path";
import { isRegistered, type Me } from "~/domain/user";

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
  if (!isRegistered(args.context.me)) throw redirect({ to: "/register", search: { redirectUrl: safeReturnPath(args.location.href) } });
}
