import { m } from "~/paraglide/messages";

export type DmsTab = "stock" | "salespeople" | "contacts" | "partners";

/** Tabs of the dealer screens: stock, salespeople, contacts, and the public dealer page (when it has a code). */
export function DmsNav({ current, dealershipCode }: { current: DmsTab; dealershipCode: string | null | undefined }) {
  const tabs: { key: DmsTab | "page"; href: string; label: string }[] = [
    { key: "stock", href: "/dms/zaloga", label: m.dpeople_nav_stock() },
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
  return (
    <nav
      aria-label={m.dpeople_nav_label()}
      className="-mx-1 overflow-x-auto border-b border-line"
      data-testid="dms-nav"
    >
      <ul className="flex min-w-max gap-1 px-1">
        {tabs.map((t) => {
          const active = t.key === current;
          return (
            <li key={t.key}>
              <a
                href={t.href}
                aria-current={active ? "page" : undefined}
                className={`-mb-px inline-block whitespace-nowrap rounded-t-md border-b-2 px-2 py-2 sm:px-3 text-sm font-medium ${active ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:border-line hover:text-ink"}`}
              >
                {t.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
