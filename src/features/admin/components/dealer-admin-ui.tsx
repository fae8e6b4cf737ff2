import { useCurrentTabInView } from "~/components/ui/use-current-tab-in-view";
import { useMe } from "~/client/use-session";
import { navLabel } from "~/components/layout/nav-label";
import { type NavKey, shellNavigation } from "~/domain/navigation";
import { m } from "~/paraglide/messages";

export type Notice = { text: string; error: boolean } | null;

// Each admin page's tab: the shell's admin links (by role) carry the hrefs and the labels.
const sectionLinks = {
  models: "adminModels",
  postings: "adminPostings",
  articles: "adminArticles",
  equipment: "adminEquipment",
  dealerships: "adminDealerships",
  networks: "adminNetworks",
  salespeople: "adminSalespersons",
  audit: "adminAudit",
  users: "adminUsers",
} as const satisfies Record<string, NavKey>;
export type AdminSection = keyof typeof sectionLinks;
export type DealerAdminSection = AdminSection;

/**
 * The one sub-tab bar of every admin page (decision 074): every admin screen the user may open, by role
 * (editors see the posting editor, articles and dealerships), the current one marked; on a phone it scrolls.
 */
export function DealerAdminNav({ current }: { current: AdminSection }) {
  const links = shellNavigation(useMe()).admin;
  const strip = useCurrentTabInView<HTMLElement>();
  if (links.length === 0) return null;
  return (
    <nav
      ref={strip}
      aria-label={m.adealers_nav_label()}
      className="-mx-1 overflow-x-auto overscroll-x-contain"
      data-testid="admin-tabs"
    >
      <ul className="flex gap-1 border-b border-line px-1">
        {links.map((item) => {
          const here = item.key === sectionLinks[current];
          return (
            <li key={item.key} className="shrink-0">
              <a
                href={item.href}
                aria-current={here ? "page" : undefined}
                className={`-mb-px block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${here ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"}`}
              >
                {navLabel[item.key]()}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The result of the last action, announced to screen readers. */
export function NoticeBar({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      role={notice.error ? "alert" : "status"}
      className={`rounded-lg p-3 text-sm ${notice.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
    >
      {notice.text}
    </p>
  );
}
