import { useRouteContext } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AdInterstitial } from "~/components/ad-slot";
import { useMergeLocalFavourites } from "~/client/use-merge-local-favourites";
import { useMe } from "~/client/use-session";
import { m } from "~/paraglide/messages";
import { ConsentBanner } from "./consent-banner";
import { Footer } from "./footer";
import { Header } from "./header";
import { ImpersonationBar } from "./impersonation-bar";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { TermsBanner } from "./terms-banner";

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      {m.skip_to_content()}
    </a>
  );
}

/**
 * `dialogs`: what a layout shows over any page, put in by the layout route (the sign-in dialogs of
 * spec section 2, from the auth feature: shared components never import a feature).
 */
type LayoutProps = { children: ReactNode; dialogs: ReactNode };

function Chrome({ children, main, dialogs }: LayoutProps & { main: string }) {
  const me = useMe();
  // Favourites kept in the browser join the account on whichever page a sign-in lands (decision 067).
  useMergeLocalFavourites();
  const { bannerDismissed } = useRouteContext({ from: "__root__" });
  return (
    <>
      <SkipLink />
      {/* Early in the tab order: the choice comes before the page. */}
      <ConsentBanner />
      <TermsBanner dismissed={bannerDismissed} />
      <ImpersonationBar me={me} />
      <Header />
      <main id="main" className={main}>
        {children}
      </main>
      <Footer />
      <MobileMenu />
      {dialogs}
      <AdInterstitial />
    </>
  );
}

/** Header, footer, mobile menu and sidebar around a centred page. */
export const DefaultLayout = ({ children, dialogs }: LayoutProps) => (
  <Chrome main="container-page py-6 desk:py-8" dialogs={dialogs}>
    {children}
  </Chrome>
);

/** Same chrome, full-bleed content: the posting detail manages its own widths. */
export const PostLayout = ({ children, dialogs }: LayoutProps) => (
  <Chrome main="pb-8" dialogs={dialogs}>
    {children}
  </Chrome>
);

/** Search results and detail pages: a wider container for the filter sidebar. */
export const SearchDetailLayout = ({ children, dialogs }: LayoutProps) => (
  <Chrome main="mx-auto w-full max-w-[90rem] px-4 py-4 desk:px-6" dialogs={dialogs}>
    {children}
  </Chrome>
);

/** No chrome at all: printable and app pages. */
export const EmptyLayout = ({ children, dialogs }: LayoutProps) => (
  <>
    <SkipLink />
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      {children}
    </main>
    {dialogs}
  </>
);

/**
 * The publishing wizard: a calm, focused header with only the logo. `wide`: the full width the posting page
 * manages itself (the preview before publishing).
 */
export const NewPostLayout = ({ children, dialogs, wide = false }: LayoutProps & { wide?: boolean }) => (
  <>
    <SkipLink />
    <header className="border-b border-line bg-white">
      <div className="container-page flex h-14 items-center">
        <Logo />
      </div>
    </header>
    <main id="main" className={wide ? "w-full pb-8" : "mx-auto w-full max-w-3xl px-4 py-6"}>
      {children}
    </main>
    {dialogs}
  </>
);
