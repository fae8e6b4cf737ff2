import { redirect } from "@tanstack/react-router";
import type { Me } from "~/domain/user";

/** Auth gate for route beforeLoad: signed-out visitors sign in first and come back (spec section 6). */
export function requireSignedIn({ context, location }: { context: { me: Me | null }; location: { href: string } }) {
  if (!context.me) throw redirect({ to: "/relogin", search: { redirectUrl: location.href } });
}
