import type { Ref } from "react";
import type { ShellNavigation } from "~/domain/navigation";
import type { Me } from "~/domain/user";
import { useLogout } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { CloseIcon, PhoneIcon } from "../ui/icons";
import { AdminLinks } from "./admin-links";
import { useLoginHref } from "./use-login-href";

/**
 * The mobile sidebar: a native modal <dialog> (focus is trapped, Escape closes it).
 * Verify-phone, admin links by role, all postings, dealership profile or profile, login/logout.
 */
export function Sidebar({ ref, me, nav }: { ref: Ref<HTMLDialogElement>; me: Me | null; nav: ShellNavigation }) {
  const logout = useLogout();
  const loginHref = useLoginHref();
  const close = (e: { currentTarget: HTMLElement }) => e.currentTarget.closest("dialog")?.close();
  const profileLink = nav.header.find((l) => l.key === "dealershipProfile");

  return (
    <dialog
      ref={ref}
      aria-label={m.sidebar_label()}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-black/40 open:flex open:flex-col"
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <span className="font-semibold">{m.header_menu()}</span>
        <button type="button" className="btn-ghost px-2" aria-label={m.header_close_menu()} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <nav className="flex-1 overflow-y-auto p-3" aria-label={m.sidebar_label()}>
        <ul className="space-y-1">
          {nav.phonePrompt ? (
            <li>
              <a href="/uporabnik/profil?verifyPhone=1" className="btn-accent w-full justify-start">
                <PhoneIcon /> {m.user_menu_verify_phone()}
              </a>
            </li>
          ) : null}
          <li>
            <a href="/iskanje" className="block rounded-lg px-3 py-2 hover:bg-surface">
              {m.header_all_postings()}
            </a>
          </li>
          <li>
            <a href="/napredno-iskanje" className="block rounded-lg px-3 py-2 hover:bg-surface">
              {m.header_advanced_search()}
            </a>
          </li>
          {me ? (
            <li>
              {nav.dealer ? (
                profileLink ? (
                  <a href={profileLink.href} className="block rounded-lg px-3 py-2 hover:bg-surface">
                    {m.header_dealership_profile()}
                  </a>
                ) : null
              ) : (
                <a href="/uporabnik/profil" className="block rounded-lg px-3 py-2 hover:bg-surface">
                  {m.header_profile()}
                </a>
              )}
            </li>
          ) : null}
          <AdminLinks
            links={nav.admin}
            className="border-t border-line pt-2"
            linkClassName="block rounded-lg px-3 py-2 hover:bg-surface"
          />
        </ul>
      </nav>
      <div className="border-t border-line p-3">
        {me ? (
          <button type="button" className="btn-outline w-full" onClick={() => void logout()}>
            {m.user_menu_logout()}
          </button>
        ) : (
          <a href={loginHref} className="btn-primary w-full">
            {m.header_login()}
          </a>
        )}
      </div>
    </dialog>
  );
}
