import { useRef } from "react";
import { shellNavigation } from "~/domain/navigation";
import { useMe } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { HeartIcon, MenuIcon, PlusIcon, SearchIcon, UserIcon } from "../ui/icons";
import { Logo } from "./logo";
import { navLabel } from "./nav-label";
import { Sidebar } from "./sidebar";
import { UserMenu } from "./user-menu";
import { useFavouritesHref } from "./use-favourites-href";
import { useLoginHref } from "./use-login-href";

/** Site header: desktop navigation and user menu; on mobile menu, logo, search, favourites, profile. */
export function Header() {
  const me = useMe();
  const nav = shellNavigation(me);
  const sidebarRef = useRef<HTMLDialogElement>(null);
  const loginHref = useLoginHref();
  const favouritesHref = useFavouritesHref(me !== null);
  const desktopLinks = nav.header.filter((l) => l.key !== "newPost");

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center gap-2 desk:gap-6">
        <button
          type="button"
          className="btn-ghost -ml-2 px-2 desk:hidden"
          aria-label={m.header_menu()}
          aria-haspopup="dialog"
          onClick={() => sidebarRef.current?.showModal()}
        >
          <MenuIcon />
        </button>
        <Logo />
        <nav aria-label={m.header_main_navigation()} className="hidden flex-1 desk:block">
          <ul className="flex items-center gap-1">
            {desktopLinks.map((l) => (
              <li key={l.key}>
                <a
                  href={l.href}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
                >
                  {navLabel[l.key]()}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 desk:ml-0 desk:gap-3">
          <a href="/nov-oglas" className="btn-accent hidden desk:inline-flex" data-testid="header-new-post">
            <PlusIcon /> {m.header_new_post()}
          </a>
          <a href="/iskanje?showFilters=true" className="btn-ghost px-2 desk:hidden" aria-label={m.header_search()}>
            <SearchIcon />
          </a>
          {/* Signed out, the heart is the desktop's way to the cars kept in this browser too (the user menu has it once signed in). */}
          <a
            href={favouritesHref}
            className={me ? "btn-ghost px-2 desk:hidden" : "btn-ghost px-2"}
            aria-label={m.header_favourites()}
          >
            <HeartIcon />
          </a>
          {me ? (
            <UserMenu me={me} nav={nav} />
          ) : (
            <a href={loginHref} className="btn-outline" aria-label={m.header_login()}>
              <UserIcon className="desk:hidden" />
              <span className="hidden desk:inline">{m.header_login()}</span>
            </a>
          )}
        </div>
      </div>
      <Sidebar ref={sidebarRef} me={me} nav={nav} />
    </header>
  );
}
