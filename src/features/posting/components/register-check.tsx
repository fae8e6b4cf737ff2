import { formatDate } from "~/domain/format";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

/** Register check: not in the stolen or pledged vehicle databases, with the date of the last check. */
export function RegisterCheck({ register }: { register: PostingDetail["register"] }) {
  if (!register) return null;
  const clean = !register.stolen && !register.pledged;
  return (
    <section aria-labelledby="register-title" className={`card p-4 ${clean ? "" : "border-danger"}`}>
      <h2 id="register-title" className="text-lg font-semibold">
        {m.registry_check_title()}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        <li>{register.stolen ? m.register_stolen() : m.register_not_stolen()}</li>
        <li>{register.pledged ? m.register_pledged() : m.register_not_pledged()}</li>
      </ul>
      <p className="mt-2 text-xs text-muted">{m.register_checked({ date: formatDate(register.checkedAt) })}</p>
    </section>
  );
}
