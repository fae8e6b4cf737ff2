import { useRouterState } from "@tanstack/react-router";
import type { NavKey } from "~/domain/navigation";
import { shellNavigation } from "~/domain/navigation";
import { useMe } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { HeartIcon, ListIcon, PlusIcon, SlidersIcon, StoreIcon } from "../ui/icons";
import { navLabel } from "./nav-label";
import { useFavouritesHref } from "./use-favourites-href";

const icons: Partial<Record<NavKey, typeof PlusIcon>> = {
  newPost: PlusIcon,
  advancedSearch: SlidersIcon,
  favourites: HeartIcon,
  myPosts: ListIcon,
  dealershipPostings: StoreIcon,
};
const shortLabel: Partial<Record<NavKey, () => string>> = {
  newPost: m.mobile_menu_new_post,
  advancedSearch: m.mobile_menu_search,
  dealershipPostings: m.mobile_menu_stock,
};

/** Bottom navigation on phones: new posting, advanced search, favourites, my postings or stock. */
export function MobileMenu() {
  const me = useMe();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const links = shellNavigation(me).mobileMenu;
  const favouritesHref = useFavouritesHref(me !== null);
  return (
    <nav
      aria-label={m.mobile_menu_label()}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] desk:hidden"
    >
      <ul className="grid grid-cols-4">
        {links.map((l) => {
          const Icon = icons[l.key] ?? ListIcon;
          const active = path === l.href;
          return (
            <li key={l.key}>
              <a
                href={l.key === "favourites" ? favouritesHref : l.href}
                aria-current={active ? "page" : undefined}
                className={`flex flex-col items-center gap-0.5 py-2 text-xs font-medium ${active ? "text-brand-700" : "text-muted"}`}
              >
                <Icon />
                {(shortLabel[l.key] ?? navLabel[l.key])()}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
