import { useRouterState } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useMe } from "~/client/use-session";
import { wantedAuthDialogs } from "../login-reason";

// The dialogs (and the forms and schemas inside them) load only for the few visitors who need one.
const AuthDialogsOpen = lazy(() => import("./auth-dialogs-open").then((mod) => ({ default: mod.AuthDialogsOpen })));

/**
 * The sign-in dialogs of spec section 2 over any page: the login after a failed link (success=false),
 * the migrate dialog for a legacy account without e-mail, and the accounts-merged notice. The layout
 * routes put it into every layout (`dialogs`).
 */
export function AuthDialogs() {
  const me = useMe();
  const location = useRouterState({ select: (s) => s.location });
  const wanted = wantedAuthDialogs(me, location.pathname, location.search as Record<string, unknown>);
  if (!wanted.login && !wanted.migrate && !wanted.merged) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogsOpen me={me} />
    </Suspense>
  );
}
