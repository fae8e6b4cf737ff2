import type { Me } from "~/domain/user";
import { m } from "~/paraglide/messages";
import { useStopImpersonation } from "./use-stop-impersonation";

/** Shown while an admin uses another user's account. */
export function ImpersonationBar({ me }: { me: Me | null }) {
  const stopImpersonation = useStopImpersonation();
  if (!me?.impersonated) return null;
  const name = [me.firstName, me.lastName].filter(Boolean).join(" ") || me.email || me.phoneNumber || String(me.id);
  return (
    <div role="status" className="bg-accent-500 text-ink">
      <div className="container-page flex items-center gap-3 py-2 text-sm font-medium">
        <p className="flex-1">{m.impersonation_bar({ name })}</p>
        <button type="button" className="btn-outline py-1" onClick={stopImpersonation}>
          {m.impersonation_stop()}
        </button>
      </div>
    </div>
  );
}
