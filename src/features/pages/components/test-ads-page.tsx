import { useState } from "react";
import { appConfig } from "~/app.config";
import { AdSlot, InterstitialDialog, useAdsActive } from "~/components/ad-slot";
import { type AdSize, type AdSlotName, adSlotNames } from "~/domain/ads";
import { openConsentSettings } from "~/client/consent";
import { m } from "~/paraglide/messages";

const slotLabels: Record<AdSlotName, () => string> = {
  searchResults: m.pages_test_ads_slot_searchResults,
  postingBelowGallery: m.pages_test_ads_slot_postingBelowGallery,
  postingSidebar: m.pages_test_ads_slot_postingSidebar,
  interstitial: m.pages_test_ads_slot_interstitial,
};

const sizeLabel = (size: AdSize) => `${size[0]} × ${size[1]}`;

/** /test-ads: every ad slot at each of its sizes, the current state and the interstitial on demand. */
export function TestAdsPage() {
  const active = useAdsActive();
  const [interstitial, setInterstitial] = useState(false);
  const state = active
    ? m.pages_test_ads_state_active()
    : appConfig.features.gptAds
      ? m.pages_test_ads_state_no_consent()
      : m.pages_test_ads_state_flag_off();
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{m.pages_test_ads_title()}</h1>
        <p className="text-muted">{m.pages_test_ads_intro()}</p>
        <p
          role="status"
          data-testid="ads-state"
          className={`rounded-lg px-4 py-3 text-sm font-medium ${active ? "bg-brand-50 text-brand-800" : "bg-white text-ink ring-1 ring-line"}`}
        >
          {state}
        </p>
        <button type="button" className="btn-outline" aria-haspopup="dialog" onClick={openConsentSettings}>
          {m.pages_test_ads_change_consent()}
        </button>
      </header>
      {adSlotNames.map((name) => {
        const sizes = appConfig.ads.slots[name];
        return (
          <section key={name} aria-labelledby={`slot-${name}`} className="card space-y-4 p-5">
            <h2 id={`slot-${name}`} className="text-lg font-semibold">
              {slotLabels[name]()}
            </h2>
            <div className="space-y-6">
              {"mobile" in sizes ? (
                <figure className="space-y-2 overflow-hidden">
                  <figcaption className="text-sm text-muted">
                    {m.pages_test_ads_mobile({ size: sizeLabel(sizes.mobile) })}
                  </figcaption>
                  <AdSlot name={name} layout="mobile" />
                </figure>
              ) : null}
              {"desktop" in sizes ? (
                <figure className="space-y-2 overflow-hidden">
                  <figcaption className="text-sm text-muted">
                    {m.pages_test_ads_desktop({ size: sizeLabel(sizes.desktop) })}
                  </figcaption>
                  <AdSlot name={name} layout="desktop" />
                </figure>
              ) : null}
            </div>
            {name === "interstitial" ? (
              <button
                type="button"
                className="btn-primary"
                aria-haspopup="dialog"
                onClick={() => setInterstitial(true)}
              >
                {m.pages_test_ads_open_interstitial()}
              </button>
            ) : null}
          </section>
        );
      })}
      <InterstitialDialog open={interstitial} onClose={() => setInterstitial(false)} />
    </div>
  );
}
