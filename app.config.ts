/**
 * The product's typed configuration: one place for names, limits, flags, providers and presets.
 * Client-safe: no secrets here (those come from Worker secrets / .dev.vars).
 */
export const appConfig = {
  name: "Avtotrg",
  siteUrl: "https://avtotrg.si",
  locale: "sl",
  localeCookie: { name: "i18n_redirected", maxAgeDays: 365 },
  helpEmail: "pomoc@avtotrg.si",
  social: {
    facebook: "https://www.facebook.com/avtotrg",
    instagram: "https://www.instagram.com/avtotrg",
    youtube: "https://www.youtube.com/@avtotrg",
  },
  limits: {
    searchPageSize: 24,
    maxSearchPageSize: 96,
    activePostingsPrivateUser: 3,
    filesPerPosting: 30,
    fileSizeBytes: 15 * 1024 * 1024,
    recommendedExteriorPhotos: 3,
    postingLifetimeDays: 90,
    featuringMaxDays: 180,
    relatedVehiclesMin: 2,
    errorPageVehicles: 5,
    maxJsonBodyBytes: 256 * 1024,
    maxStringLength: 10_000,
  },
  session: { cookieName: "avtotrg_session", lifetimeDays: 30, rotateAfterDays: 1 },
  loginLink: { expiryMinutes: 15 },
  legacyPhoneLoginBefore: "2025-07-22T00:00:00+02:00",
  ui: {
    desktopBreakpointPx: 992,
    bannerAutoHideMs: 15_000,
    bannerCookie: "new-terms-notification",
    successToastDelayMs: 2000,
    loadingBarThrottleMs: 200,
    loadingBarMaxMs: 5000,
    carousel: { itemWidthPx: 236, gapPx: 15, moveLockMs: 250, arrowsHiddenAtOrBelow: 4 },
  },
  features: { gptAds: true, aiSearch: true, savedSearchAlerts: true },
  /** Social providers shown only when their credentials are configured as secrets too. */
  loginProviders: ["email", "google", "meta", "apple", "x"] as const,
  images: {
    widths: { sm: 256, md: 512, lg: 1024, xl: 1280 },
    proxyWidths: { xxl: 1440, xxxl: 1920 },
    carouselCropWidth: 600,
    dealershipBanner: { width: 1440, height: 500 },
    cdnHosts: ["cdn.avtotrg.si"],
    proxyHosts: ["slike.avtotrg.si"],
  },
  campaign: {
    start: "2022-03-22T00:00:00+01:00",
    end: "2022-05-02T00:00:00+02:00",
    giftCardEuros: 10,
  },
  leasing: { promoRatePercent: 4.49 },
  inspections: { firstAgesYears: [4, 6, 8], thenEveryYears: 1, odometerRecordSince: 2015 },
} as const;

export type AppConfig = typeof appConfig;
