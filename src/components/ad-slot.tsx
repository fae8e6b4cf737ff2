import { useRouterState } from "@tanstack/react-router";
import { type CSSProperties, useEffect, useId, useState } from "react";
import { appConfig } from "~/app.config";
import {
  type AdSize,
  type AdSlotName,
  type AdSlotSizes,
  adSlotFate,
  adsActive,
  shouldShowInterstitial,
} from "~/domain/ads";
import { displayAdSlot } from "~/lib/ads";
import { useConsent } from "~/client/consent";
import { desktopMediaQuery } from "~/lib/use-media-query";
import { m } from "~/paraglide/messages";
import { Modal } from "./modal";

/** Whether real ads may load: the GPT flag and the visitor's marketing consent. */
export function useAdsActive() {
  return adsActive(appConfig.features.gptAds, useConsent());
}

export type AdLayout = "auto" | "mobile" | "desktop";

const sizesOf = (name: AdSlotName): AdSlotSizes => appConfig.ads.slots[name];
const px = (n: number | undefined) => (n === undefined ? undefined : `${n}px`);

/**
 * A named ad slot that reserves its creative's exact size before anything loads (no layout shift).
 * On a page (`layout` "auto"), a slot that will never be filled (ads off, or refused in the cookie choice) renders
 * nothing: no box and no gap (issue 24); before the visitor chooses it keeps its place as a neutral placeholder.
 * `layout` pins one size (the /test-ads page, the interstitial): always drawn; by default phones and desktops get their own.
 * Not a landmark: the slots sit inside the page's main content (where a complementary landmark does not
 * belong), several to a page, and an empty box in the landmark list helps nobody; the visible
 * "Oglas" / "Oglasni prostor" text says what it is.
 */
export function AdSlot({
  name,
  layout = "auto",
  className = "",
}: {
  name: AdSlotName;
  layout?: AdLayout;
  className?: string;
}) {
  const consent = useConsent();
  const active = adsActive(appConfig.features.gptAds, consent);
  const fate = adSlotFate(appConfig.features.gptAds, consent);
  const elementId = `ad-${name}-${useId().replace(/[^\w-]/g, "")}`;
  const sizes = sizesOf(name);
  const mobile = layout === "desktop" ? undefined : sizes.mobile;
  const desktop = layout === "mobile" ? undefined : sizes.desktop;
  const pinned = layout === "auto" ? undefined : (mobile ?? desktop);

  useEffect(() => {
    if (!active) return;
    const isDesktop = window.matchMedia(desktopMediaQuery).matches;
    const size: AdSize | undefined = pinned ?? (isDesktop ? desktop : mobile);
    if (!size) return;
    return displayAdSlot(`${appConfig.ads.adUnitPrefix}/${name}`, size, elementId);
  }, [active, name, elementId, pinned, mobile, desktop]);

  if ((!mobile && !desktop) || (layout === "auto" && fate === "none")) return null;
  const small = pinned ?? mobile ?? desktop;
  const large = pinned ?? desktop ?? mobile;
  const style = {
    "--ad-w": px(small?.[0]),
    "--ad-h": px(small?.[1]),
    "--ad-dw": px(large?.[0]),
    "--ad-dh": px(large?.[1]),
  } as CSSProperties;
  const visibility = pinned ? "flex" : `${mobile ? "flex" : "hidden"} ${desktop ? "desk:flex" : "desk:hidden"}`;

  return (
    <div
      data-ad-slot={name}
      data-ad-state={active ? "active" : "placeholder"}
      className={`${visibility} mx-auto w-full max-w-(--ad-w) flex-col desk:max-w-(--ad-dw) ${className}`}
      style={style}
    >
      {/* The label line is always there, so the box never moves when an ad arrives; read out, it marks the ad as one. */}
      <span className="h-4 text-[10px] font-medium uppercase leading-4 tracking-wide text-muted">
        {active ? m.pages_ad_label() : ""}
      </span>
      <div
        id={elementId}
        className="flex h-(--ad-h) w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-line bg-surface desk:h-(--ad-dh)"
      >
        {active ? null : (
          <span className="text-xs font-medium uppercase tracking-wide text-muted">{m.pages_ad_placeholder()}</span>
        )}
      </div>
    </div>
  );
}

const viewsKey = "avtotrg-page-views";
const shownKey = "avtotrg-interstitial-shown";

/**
 * The mobile and tablet interstitial: from the second page view of a browser session, once per
 * session, only with ads allowed; closes with its button or Escape (the native dialog).
 */
export function AdInterstitial() {
  const active = useAdsActive();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const views = Number(sessionStorage.getItem(viewsKey) ?? "0") + 1;
    sessionStorage.setItem(viewsKey, String(views));
    const show = shouldShowInterstitial({
      adsActive: active,
      pageViews: views,
      shownThisSession: sessionStorage.getItem(shownKey) === "1",
      viewportWidth: window.innerWidth,
      desktopBreakpointPx: appConfig.ui.desktopBreakpointPx,
    });
    if (show) {
      sessionStorage.setItem(shownKey, "1");
      setOpen(true);
    }
    // Counted per page, not per consent change: accepting ads never pops one up on the same page.
  }, [path]);
  return <InterstitialDialog open={open} onClose={() => setOpen(false)} />;
}

/** The interstitial's dialog itself (also opened on demand on /test-ads). */
export function InterstitialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={m.pages_ad_interstitial_title()} closeLabel={m.pages_ad_close()}>
      <div data-testid="ad-interstitial">
        <AdSlot name="interstitial" layout="mobile" />
      </div>
      <form method="dialog">
        <button type="submit" className="btn-outline w-full">
          {m.pages_ad_continue()}
        </button>
      </form>
    </Modal>
  );
}
