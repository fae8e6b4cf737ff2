import { m } from "~/paraglide/messages";

export type Notice = { text: string; error: boolean } | null;

const navItems = [
  { key: "dealerships", href: "/administracija/poslovne-enote", label: m.adealers_nav_dealerships },
  { key: "networks", href: "/administracija/poslovne-mreze", label: m.adealers_nav_networks },
  { key: "salespeople", href: "/administracija/svetovalci", label: m.adealers_nav_salespeople },
  { key: "users", href: "/administracija/uporabniki", label: m.adealers_nav_users },
] as const;
export type DealerAdminSection = (typeof navItems)[number]["key"];

/** Tabs between the admin's dealer screens (the users page with impersonation is reached only from here). */
export function DealerAdminNav({ current }: { current: DealerAdminSection }) {
  return (
    <nav aria-label={m.adealers_nav_label()} className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 border-b border-line px-1">
        {navItems.map((item) => (
          <li key={item.key}>
            <a
              href={item.href}
              aria-current={item.key === current ? "page" : undefined}
              className={`-mb-px block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${item.key === current ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"}`}
            >
              {item.label()}
            </a>
          </li>
        ))}
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
