import type { ShellNavigation } from "~/domain/navigation";
import { m } from "~/paraglide/messages";
import { navLabel } from "./nav-label";

/** The admin links under their heading (the sidebar's and the user menu's differ only in spacing and size). */
export function AdminLinks({
  links,
  className,
  linkClassName,
}: {
  links: ShellNavigation["admin"];
  className: string;
  linkClassName: string;
}) {
  if (links.length === 0) return null;
  return (
    <li className={className}>
      <p className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-muted">{m.user_menu_admin()}</p>
      <ul>
        {links.map((l) => (
          <li key={l.key}>
            <a href={l.href} className={linkClassName}>
              {navLabel[l.key]()}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}
