import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { receivedInquiriesQueryOptions } from "~/client/inquiries.queries";
import { m } from "~/paraglide/messages";

export type DmsTab = "stock" | "inquiries" | "salespeople" | "contacts" | "partners";

/**
 * Tabs of the dealer screens: stock, buyers' inquiries (with the count of new ones), salespeople, contacts,
 * and the public dealer page (when it has a code). On a phone the strip scrolls sideways (no tab is cut
 * off), the current tab is scrolled into view, and a focused tab scrolls in with room for its outline.
 */
export function DmsNav({ current, dealershipCode }: { current: DmsTab; dealershipCode: string | null | undefined }) {
  const fresh = useQuery(receivedInquiriesQueryOptions()).data?.newCount ?? 0;
  const tabs: { key: DmsTab | "page"; href: string; label: string; count?: number }[] = [
    { key: "stock", href: "/dms/zaloga", label: m.dpeople_nav_stock() },
    { key: "inquiries", href: "/dms/povprasevanja", label: m.inquiry_list_title(), count: fresh },
    { key: "salespeople", href: "/dms/svetovalci", label: m.dpeople_nav_salespeople() },
    { key: "contacts", href: "/dms/kontakti", label: m.dpeople_nav_contacts() },
    { key: "partners", href: "/dms/partnerji", label: m.partners_nav_partners() },
    ...(dealershipCode
      ? [
          {
            key: "page" as const,
            href: `/trgovec/${encodeURIComponent(dealershipCode)}`,
            label: m.dpeople_nav_dealer_page(),
          },
        ]
      : []),
  ];
  const strip = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = strip.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    // Only sideways: the page itself must not jump.
    const left = active.offsetLeft - nav.clientWidth / 2 + active.offsetWidth / 2;
    nav.scrollLeft = Math.max(0, left);
  }, []);
  return (
    <nav
      ref={strip}
      aria-label={m.dpeople_nav_label()}
      className="-mx-1 overflow-x-auto overscroll-x-contain border-b border-line [scrollbar-width:thin]"
      style={{ scrollPaddingInline: "1.5rem" }}
      data-testid="dms-nav"
    >
      <ul className="flex min-w-max gap-1 px-1 pt-1">
        {tabs.map((t) => {
          const active = t.key === current;
          return (
            <li key={t.key}>
              <a
                href={t.href}
                aria-current={active ? "page" : undefined}
                className={`-mb-px inline-block whitespace-nowrap rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-offset-[-3px] ${active ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:border-line hover:text-ink"}`}
              >
                {t.label}
                {t.count ? (
                  <span
                    className="ml-1.5 rounded-full bg-accent-500 px-1.5 py-0.5 text-xs font-semibold text-ink"
                    data-testid="dms-new-inquiries"
                  >
                    <span className="sr-only">{m.inquiry_nav_new()} </span>
                    {t.count}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
