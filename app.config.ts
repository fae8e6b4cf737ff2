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
    /** A card checkout stays open this long (Stripe's session expires then); meanwhile no second one opens for the posting. */
    featuringCheckoutOpenMinutes: 35,
    relatedVehiclesMin: 2,
    errorPageVehicles: 5,
    /** News articles the search and home pages show (the first by position that have not expired). */
    searchPageArticles: 3,
    /** Saved searches per user: each one is counted on every visit to the list and checked by the daily alert job. */
    savedSearchesPerUser: 50,
    /** Favourites a signed-out visitor keeps in the browser (and merges into the account at sign-in, at most this many at once). */
    localFavourites: 50,
    /** A saved search's name (the suggestion built from the chips is shortened to fit). */
    savedSearchName: 80,
    /** Unpublished drafts per user (each is a posting row, so not unbounded); a dealership's people import whole stocks. */
    draftsPerUser: { private: 100, dealer: 2000 },
    /** Partner consent screens one address may open in 10 minutes (each is a row until it expires). */
    consentStartsPerIpPer10Min: 30,
    /**
     * SMS and sign-in e-mail limits (decision 036). SMS: per number over every route that sends one,
     * and per client. Sign-in e-mails: one client gets only a share of an address's budget, so a
     * stranger can neither flood an inbox nor use the whole budget up; the owner's earlier link stays good.
     */
    smsPerNumberPer10Min: 3,
    smsPerClientPerHour: 20,
    signInEmailsPerAddressAndClientPer15Min: 3,
    /** Per window of a link's lifetime (loginLink.expiryMinutes): a refused owner always has this many valid links. */
    signInEmailsPerAddressPerLinkLifetime: 4,
    signInEmailsPerClientPerHour: 20,
    /** Dealer applications (each e-mails a confirmation link) naming one address. */
    dealerSignupEmailsPerAddressPerHour: 3,
    /** Vehicle choices a signed-out client may leave on the server per hour (each is a row until it expires; decision 046). */
    wizardSelectionsPerClientPerHour: 60,
    /** How long a vehicle chosen before signing in waits for its seller to sign in and claim it. */
    wizardSelectionHours: 24,
    maxJsonBodyBytes: 256 * 1024,
    maxStringLength: 10_000,
  },
  /**
   * Anonymous pages and public search answers kept in the Worker's memory (decision 026). A write
   * through the API empties the isolate's cache at once; other isolates follow within the TTL. A page
   * past its TTL is served for up to pageStaleSeconds more while one request renders it again.
   */
  responseCache: {
    pageTtlSeconds: 10,
    pageStaleSeconds: 60,
    apiTtlSeconds: 10,
    /**
     * Makes and news articles kept per isolate for every visitor, signed in or not (decision 080): dropped by
     * a write in the same isolate, at most this old after a write in another (under pageTtl + pageStale).
     */
    memoSeconds: 30,
    viewFlushSeconds: 2,
    maxBytes: 32 * 1024 * 1024,
    maxEntryBytes: 1024 * 1024,
  },
  session: { cookieName: "avtotrg_session", lifetimeDays: 30, rotateAfterDays: 1 },
  loginLink: { expiryMinutes: 15 },
  /**
   * Buyers' inquiries (decision 066): per sender (their e-mail or phone) and per posting per sender in a day,
   * per client in an hour (behind Cloudflare only; a local run is one client), and how many a seller's list shows.
   */
  inquiries: {
    perSenderPerDay: 10,
    perPostingPerSenderPerDay: 3,
    perClientPerHour: 20,
    listed: 200,
    replyLinkDays: 30,
    /** An inquiry is deleted this many months after its last activity (sent, replied or marked answered). */
    keptMonths: 12,
  },
  /** Partner applications' consent (decision 023): consent screen, authorization code and access token lifetimes. */
  partnerOauth: { consentSessionMinutes: 10, codeMinutes: 5, accessTokenDays: 30, scope: "postings" },
  legacyPhoneLoginBefore: "2025-07-22T00:00:00+02:00",
  ui: {
    desktopBreakpointPx: 992,
    bannerAutoHideMs: 15_000,
    bannerCookie: "new-terms-notification",
    bannerCookieMaxAgeDays: 365,
    successToastDelayMs: 2000,
    /** After a dealer registration is sent, the confirmation stays this long before going home. */
    dealerSignupRedirectSeconds: 10,
    loadingBarThrottleMs: 200,
    loadingBarMaxMs: 5000,
    carousel: { itemWidthPx: 236, gapPx: 15, moveLockMs: 250, arrowsHiddenAtOrBelow: 4, reservedHeightPx: 400 },
  },
  features: { gptAds: true, aiSearch: true, savedSearchAlerts: true },
  /** Cookie consent: a first-party cookie (SameSite=Lax, about 6 months) that SSR reads, so the banner never flashes. */
  consent: { cookieName: "avtotrg_consent", maxAgeDays: 182 },
  /**
   * Third-party scripts, injected only after the matching consent, async and after hydration.
   * Where DEV_OUTBOX is on (local runs and tests) the same-origin stubs load instead, so nothing leaves the machine.
   */
  thirdParty: {
    analytics: {
      scriptUrl: "https://www.googletagmanager.com/gtag/js",
      measurementId: "G-AVTOTRG000",
      localStub: "/dev/analytics-stub.js",
    },
    gpt: { scriptUrl: "https://securepubads.g.doubleclick.net/tag/js/gpt.js", localStub: "/dev/gpt-stub.js" },
  },
  /** Ad slots (Google Publisher Tag, behind features.gptAds): sizes are reserved up front so nothing shifts. */
  ads: {
    adUnitPrefix: "/22873254871/avtotrg",
    searchResultsAfter: 6,
    slots: {
      searchResults: { mobile: [300, 250], desktop: [728, 90] },
      postingBelowGallery: { desktop: [728, 90] },
      postingSidebar: { mobile: [300, 250], desktop: [300, 250] },
      interstitial: { mobile: [320, 480] },
    },
  },
  /** Social providers shown only when their credentials are configured as secrets too. */
  loginProviders: ["email", "google", "meta", "apple", "x"] as const,
  images: {
    /**
     * The picture presets (decision 078): a photo scaled to fit this width, never enlarged, on /media, the CDN and
     * the image proxy alike. /media renders exactly these widths and the crops below; any other is ignored.
     */
    widths: { sm: 256, md: 512, lg: 1024, xl: 1280, xxl: 1440, xxxl: 1920 },
    /**
     * 3:2 crops of a photo's middle (cards, thumbnails, the carousel), by width: each the next one up from a rendered
     * width × 1, 2 or 3 (a 96 px thumbnail, 160–450 px cards; 1200 is a full-width phone card at 3×).
     */
    cropWidths: [150, 300, 600, 900, 1200],
    carouselCropWidth: 600,
    dealershipBanner: { width: 1440, height: 500 },
    /**
     * Uploaded pictures, read from their headers before anything decodes them (a few-kilobyte file can
     * declare 60000 × 60000): at most this wide or high, and this many pixels in all. Cloudflare's image
     * transformations stop at the same figures, so a larger picture could not be resized anyway.
     */
    uploadMaxSidePx: 12_000,
    uploadMaxPixels: 100_000_000,
    /** Hosts of a query-parameter CDN (`?width=`) and of an imgproxy-style proxy, and the proxy's base URL. */
    cdnHosts: ["cdn.avtotrg.si"],
    proxyHosts: ["slike.avtotrg.si"],
    proxyBase: "https://slike.avtotrg.si",
  },
  campaign: {
    start: "2022-03-22T00:00:00+01:00",
    end: "2022-05-02T00:00:00+02:00",
    giftCardEuros: 10,
  },
  leasing: { promoRatePercent: 4.49 },
  /** Slovenian VAT: prices of paid services include it; receipts show its share (decision 062). */
  billing: { vatRatePercent: 22 },
  inspections: { firstAgesYears: [4, 6, 8], thenEveryYears: 1, odometerRecordSince: 2015 },
} as const;

export type AppConfig = typeof appConfig;
