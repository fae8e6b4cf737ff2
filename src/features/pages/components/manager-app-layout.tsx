import type { ReactNode } from "react";
import { Logo } from "~/components/layout/logo";
import { m } from "~/paraglide/messages";

/**
 * The manager-app pages (/da-manager/*): opened from app stores and in-app browsers, so no site
 * navigation, banners or consent bar — only the logo and app name, the text and the company line.
 */
export function ManagerAppLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {m.skip_to_content()}
      </a>
      <header aria-label={m.pages_manager_app()} className="border-b border-line bg-white">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-4 font-bold text-brand-700">
          <Logo />
          <span className="text-xl font-normal tracking-tight text-muted">{m.pages_manager_app_suffix()}</span>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-8 print:py-0">
        {children}
      </main>
      <footer className="mx-auto max-w-3xl px-4 pb-8 text-xs text-muted">{m.pages_manager_footer()}</footer>
    </>
  );
}
