import { useEffect, useId, useRef, useState } from "react";
import type { ShellNavigation } from "~/domain/navigation";
import { initialsOf, type Me } from "~/domain/user";
import { useLogout } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { useStopImpersonation } from "./use-stop-impersonation";
import { ChevronDownIcon } from "../ui/icons";
import { AdminLinks } from "./admin-links";
import { navLabel } from "./nav-label";

/** Initials button opening the user's menu; Escape and outside clicks close it. */
export function UserMenu({ me, nav }: { me: Me; nav: ShellNavigation }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  const stopImpersonation = useStopImpersonation();
  const name = [me.firstName, me.lastName].filter(Boolean).join(" ") || me.email || "";

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div className="relative" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn-ghost relative gap-1 px-1.5"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={m.user_menu_label()}
        onClick={() => setOpen((v) => !v)}
      >
        <span
          className="grid size-9 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
          data-testid="user-initials"
        >
          {initialsOf(me)}
        </span>
        {nav.phonePrompt ? (
          <span
            className="absolute right-1 top-1 size-2.5 rounded-full bg-danger ring-2 ring-white"
            title={m.phone_missing_dot()}
          />
        ) : null}
        <ChevronDownIcon className="hidden desk:block" />
      </button>
      {open ? (
        <div id={menuId} className="card absolute right-0 mt-2 w-72 p-2 shadow-lg">
          <div className="border-b border-line px-3 pb-2 pt-1">
            <p className="font-semibold">{name}</p>
            {me.dealership?.publicName ? <p className="text-sm text-muted">{me.dealership.publicName}</p> : null}
          </div>
          <ul className="py-1">
            {nav.userMenu.map((l) => (
              <li key={l.key}>
                <a className="block rounded-lg px-3 py-2 text-sm hover:bg-surface" href={l.href}>
                  {navLabel[l.key]()}
                </a>
              </li>
            ))}
            <AdminLinks
              links={nav.admin}
              className="mt-1 border-t border-line pt-1"
              linkClassName="block rounded-lg px-3 py-2 text-sm hover:bg-surface"
            />
            {me.impersonated ? (
              <li>
                <button
                  type="button"
                  className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-surface"
                  onClick={stopImpersonation}
                >
                  {m.user_menu_stop_impersonation()}
                </button>
              </li>
            ) : null}
            <li className="mt-1 border-t border-line pt-1">
              <button
                type="button"
                className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-surface"
                onClick={() => void logout()}
              >
                {m.user_menu_logout()}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
