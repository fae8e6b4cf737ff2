import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { appConfig } from "~/app.config";
import { AppError } from "~/domain/errors";
import type { ApiEnv } from "./env";
import { errorBody, handleError } from "./errors";
import { frontVoucher } from "./middleware/front-voucher";
import { inProcessCall } from "./middleware/in-process";
import { requestContext } from "./middleware/context";
import { sameOriginWrites } from "./middleware/guards";
import { partnerBearer } from "./middleware/partner-token";
import { privateAnswers } from "./middleware/private-answers";
import { sharedAnswers } from "./middleware/response-cache";
import { adminRoutes } from "./routes/admin";
import { adminArticleRoutes } from "./routes/admin-articles";
import { adminAuditRoutes } from "./routes/admin-audit";
import { dealerNetworkRoutes } from "./routes/admin-dealers";
import { equipmentDescriptorRoutes, equipmentSegmentRoutes } from "./routes/admin-equipment";
import { adminModelRoutes } from "./routes/admin-models";
import { adminPostingReviewRoutes } from "./routes/admin-posting-review";
import { aiSearchRoutes } from "./routes/ai-search";
import { loginRoutes, logoutRoutes } from "./routes/auth";
import { campaignClaimRoutes, campaignPostingRoutes, campaignTransferRoutes } from "./routes/campaign";
import { manufacturerRoutes } from "./routes/catalog";
import { adminDealerRoutes } from "./routes/dealer/admin";
import { dealerPartnerGrantRoutes } from "./routes/dealer/partner-grants";
import { dealerPeopleRoutes } from "./routes/dealer/people";
import { dealerStockRoutes } from "./routes/dealer/stock";
import { dealerInvitationRoutes } from "./routes/dealer-people";
import { dealerSignupRoutes } from "./routes/dealer-signup";
import { dealershipRoutes } from "./routes/dealerships";
import { devRoutes } from "./routes/dev";
import { draftRoutes, draftSelectionRoutes } from "./routes/drafts";
import { favoriteRoutes } from "./routes/favorites";
import { paymentRoutes, pricingItemRoutes } from "./routes/featuring";
import { impersonationRoutes } from "./routes/impersonation";
import { inquiryRoutes } from "./routes/inquiries";
import { articleRoutes, marketplaceRoutes } from "./routes/marketplace";
import { meRoutes } from "./routes/me";
import { mediaRoutes } from "./routes/media";
import { partnerFeedRoutes } from "./routes/partner-feeds";
import { oauth2Routes, oauth2SessionRoutes } from "./routes/partner-oauth";
import { postingFileRoutes } from "./routes/posting-files";
import { postingDelegateRoutes } from "./routes/postings/delegate";
import { postingFavoriteRoutes } from "./routes/postings/favorite";
import { postingFeaturingRoutes } from "./routes/postings/featuring";
import { postingInquiryRoutes } from "./routes/postings/inquiries";
import { postingRoutes } from "./routes/postings/posting";
import { postingStatusRoutes } from "./routes/postings/status";
import { consentRoutes, termsNoticeRoutes } from "./routes/preferences";
import { savedSearchRoutes } from "./routes/saved-searches";
import { sitemapRoutes } from "./routes/sitemap";
import { socialRoutes } from "./routes/social";
import { leasingWidgetRoutes, vehicleCostRoutes } from "./routes/vehicle-costs";
import { modelRoutes, trimRoutes, vinRoutes } from "./routes/vehicle-data";

export const apiBasePath = "/internal-api/v1";

const jsonBodyLimit = bodyLimit({
  maxSize: appConfig.limits.maxJsonBodyBytes,
  onError: () => {
    throw new AppError(413, "Zahteva je prevelika (največ 256 KB).", { code: "PAYLOAD_TOO_LARGE" });
  },
});

const internalApi = new Hono<ApiEnv>()
  .use(
    bodyLimit({
      maxSize: appConfig.limits.maxJsonBodyBytes + appConfig.limits.fileSizeBytes,
      onError: () => {
        throw new AppError(413, "Zahteva je prevelika.", { code: "PAYLOAD_TOO_LARGE" });
      },
    }),
  )
  // JSON (and any other non-multipart) bodies: 256 KB, answered as a JSON 413 in the one error shape;
  // multipart uploads keep the file limit above (issue 21).
  .use(async (c, next) => (/^multipart\//i.test(c.req.header("content-type") ?? "") ? next() : jsonBodyLimit(c, next)))
  .use(sameOriginWrites)
  .use(privateAnswers)
  .use(sharedAnswers)
  .use(requestContext)
  .use(partnerBearer)
  // One prefix, one file (or one folder: routes/postings/, routes/dealer/); tests/route-table.test.ts
  // fails when two files share a path or an earlier parameter route would catch a later static one.
  .route("/login", loginRoutes)
  .route("/logout", logoutRoutes)
  .route("/dev", devRoutes)
  .route("/consent", consentRoutes)
  .route("/terms-notice", termsNoticeRoutes)
  .route("/social", socialRoutes)
  .route("/me", meRoutes)
  .route("/manufacturer", manufacturerRoutes)
  .route("/models", modelRoutes)
  .route("/vin", vinRoutes)
  .route("/trims", trimRoutes)
  .route("/marketplace", marketplaceRoutes)
  .route("/articles", articleRoutes)
  .route("/partner-feeds", partnerFeedRoutes)
  .route("/ai", aiSearchRoutes)
  .route("/favorites", favoriteRoutes)
  .route("/postings", postingRoutes)
  .route("/postings", postingFavoriteRoutes)
  .route("/postings", postingStatusRoutes)
  .route("/postings", postingDelegateRoutes)
  .route("/postings", postingFeaturingRoutes)
  .route("/postings", postingInquiryRoutes)
  .route("/posting", postingFileRoutes)
  .route("/leasing-widget", leasingWidgetRoutes)
  .route("/vehicle-costs", vehicleCostRoutes)
  .route("/draft-selection", draftSelectionRoutes)
  .route("/draft", draftRoutes)
  .route("/dealer", dealerPeopleRoutes)
  .route("/dealer", dealerPartnerGrantRoutes)
  .route("/dealer", dealerStockRoutes)
  // Last of routes/dealer/: its `POST {code}` follows the static `salespeople` and `contacts` paths.
  .route("/dealer", adminDealerRoutes)
  .route("/dealer-invitations", dealerInvitationRoutes)
  .route("/dealer-network", dealerNetworkRoutes)
  .route("/dealer-signup-interest", dealerSignupRoutes)
  .route("/dealership", dealershipRoutes)
  .route("/oauth2", oauth2Routes)
  .route("/oauth2-session", oauth2SessionRoutes)
  .route("/pricing-items", pricingItemRoutes)
  .route("/payments", paymentRoutes)
  .route("/model-admin", adminModelRoutes)
  .route("/posting-review", adminPostingReviewRoutes)
  .route("/search-page-article", adminArticleRoutes)
  .route("/equipment-segments", equipmentSegmentRoutes)
  .route("/equipment-descriptor", equipmentDescriptorRoutes)
  .route("/audit-log", adminAuditRoutes)
  .route("/admin", adminRoutes)
  .route("/campaign-transfer-get", campaignTransferRoutes)
  .route("/campaign-transfer-posting-get", campaignPostingRoutes)
  .route("/campaign-transfer-claim", campaignClaimRoutes)
  .route("/saved-searches", savedSearchRoutes)
  .route("/inquiries", inquiryRoutes);

/**
 * The Hono app behind `src/server.ts`: the internal API, the un-prefixed impersonation paths and
 * the media route. Standalone so tests load it without TanStack.
 */
export const app = new Hono<ApiEnv>()
  .use(inProcessCall)
  .use(frontVoucher)
  .route(apiBasePath, internalApi)
  .use("/is-impersonated", sameOriginWrites, requestContext)
  .use("/impersonate/*", sameOriginWrites, requestContext)
  .use("/stop-impersonation", sameOriginWrites, requestContext)
  .route("/", impersonationRoutes)
  .route("/media", mediaRoutes)
  .use("/sitemap*", requestContext)
  .route("/", sitemapRoutes);

app.notFound((c) => c.json(errorBody(404, "Ta pot ne obstaja."), 404));
app.onError(handleError);

/** Paths the Worker hands to this app instead of TanStack Start. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === apiBasePath ||
    pathname.startsWith(`${apiBasePath}/`) ||
    pathname.startsWith("/impersonate/") ||
    pathname === "/is-impersonated" ||
    pathname === "/stop-impersonation" ||
    pathname.startsWith("/media/") ||
    /^\/sitemap(-[a-z0-9-]+)?\.xml$/.test(pathname)
  );
}

/** The API's type, from which the browser and SSR client is derived (`hc<AppType>`, src/client). */
export type AppType = typeof app;
