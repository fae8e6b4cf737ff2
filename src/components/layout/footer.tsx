import { appConfig } from "~/app.config";
import { openConsentSettings } from "~/client/consent";
import { m } from "~/paraglide/messages";
import { Logo } from "./logo";

/** Footer: terms, privacy, advertising, help mailto, copyright with the current year, social links. */
export function Footer() {
  const year = new Date().getFullYear();
  const links = [
    { href: "/splosni-pogoji", label: m.footer_terms() },
    { href: "/politika-zasebnosti", label: m.footer_privacy() },
    { href: "/piskotki", label: m.footer_cookies() },
    { href: "/oglasujte", label: m.footer_advertising() },
    { href: "/partnerji", label: m.footer_partners() },
    { href: "/trgovec/registracija", label: m.dreg_footer_link() },
    { href: `mailto:${appConfig.helpEmail}`, label: m.footer_help() },
  ];
  return (
    <footer className="mt-16 border-t border-line bg-white pb-20 desk:pb-0">
      <div className="container-page grid gap-8 py-10 desk:grid-cols-3">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-sm text-sm text-muted">{m.footer_about()}</p>
        </div>
        <ul className="grid grid-cols-2 gap-2 text-sm">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="text-muted hover:text-ink hover:underline">
                {l.label}
              </a>
            </li>
          ))}
          <li>
            {/* Before hydration (decision 064) the link opens the cookie page; after, the settings dialog. */}
            <a
              href="/piskotki"
              className="text-left text-muted hover:text-ink hover:underline"
              aria-haspopup="dialog"
              onClick={(e) => {
                e.preventDefault();
                openConsentSettings();
              }}
            >
              {m.pages_footer_consent()}
            </a>
          </li>
        </ul>
        <div>
          <p className="mb-2 text-sm font-semibold">{m.footer_social()}</p>
          <ul className="flex gap-3 text-sm">
            {Object.entries(appConfig.social).map(([name, href]) => (
              <li key={name}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  className="capitalize text-muted hover:text-ink hover:underline"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-muted">
        {m.footer_copyright({ year: String(year) })}
      </p>
    </footer>
  );
}
