import type { Me } from "~/domain/user";
import { m } from "~/paraglide/messages";
import { useStopImpersonation } from "./use-stop-impersonation";

/**
 * Shown while an admin uses another user's account. "Končaj prevzem" is a plain form post, so it works before
 * the page has hydrated (the server answers 303 to the users list); once hydrated the same button makes the call.
 */
export function ImpersonationBar({ me }: { me: Me | null }) {
  const stopImpersonation = useStopImpersonation();
  if (!me?.impersonated) return null;
  const name = [me.firstName, me.lastName].filter(Boolean).join(" ") || me.email || me.phoneNumber || String(me.id);
  return (
    <div role="status" className="bg-accent-500 text-ink">
      <div className="container-page flex items-center gap-3 py-2 text-sm font-medium">
        <p className="flex-1">{m.impersonation_bar({ name })}</p>
        <form
          method="post"
          action="/stop-impersonation"
          onSubmit={(e) => {
            e.preventDefault();
            stopImpersonation();
          }}
        >
          <button type="submit" className="btn-outline min-h-11 py-1">
            {m.impersonation_stop()}
          </button>
        </form>
      </div>
    </div>
  );
}
