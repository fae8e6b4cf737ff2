import { adminMembershipRoutes } from "./routes/admin-membership";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { appConfig } from "~/app.config";
import { AppError } from "~/domain/errors";
import type { ApiEnv } from "./env";
import { errorBody, handleError } from "./errors";
import { requestContext } from "./middleware/context";
import { sharedAnswers } from "./middleware/response-cache";
import { partnerBearer } from "./middleware/partner-token";
import { sameOriginWrites } from "./middleware/guards";
import { adminArticleRoutes } from "./routes/admin-articles";
import { adminAuditRoutes } from "./routes/admin-audit";
import { adminDealerRoutes } from "./routes/admin-dealers";
import { adminEquipmentRoutes } from "./routes/admin-equipment";
import { adminModelRoutes } from "./routes/admin-models";
import { adminPostingReviewRoutes } from "./routes/admin-posting-review";
import { aiSearchRoutes } from "./routes/ai-search";
import { campaignRoutes } from "./routes/campaign";
import { authRoutes } from "./routes/auth";
import { catalogRoutes } from "./routes/catalog";
import { vehicleDataRoutes } from "./routes/vehicle-data";
import { favoriteRoutes } from "./routes/favorites";
import { impersonationRoutes } from "./routes/impersonation";
import { marketplaceRoutes } from "./routes/marketplace";
import { mediaRoutes } from "./routes/media";
import { meRoutes } from "./routes/me";
import { dealershipRoutes } from "./routes/dealerships";
import { dealerPeopleRoutes } from "./routes/dealer-people";
import { partnerOauthRoutes } from "./routes/partner-oauth";
import { dealerStockRoutes } from "./routes/dealer-stock";
import { dealerSignupRoutes } from "./routes/dealer-signup";
import { draftRoutes } from "./routes/drafts";
import { featuringRoutes } from "./routes/featuring";
import { postingFileRoutes } from "./routes/posting-files";
import { postingRoutes } from "./routes/postings";
import { savedSearchRoutes } from "./routes/saved-searches";
import { sitemapRoutes } from "./routes/sitemap";
import { inProcessCall } from "./middleware/in-process";
import { partnerFeedRoutes } from "./routes/partner-feeds";
import { socialRoutes } from "./routes/social";

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
  .use(sharedAnswers)
  .use(requestContext)
  .use(partnerBearer)
  .route("/", authRoutes)
  .route("/", socialRoutes)
  .route("/", meRoutes)
  .route("/", catalogRoutes)
  .route("/", vehicleDataRoutes)
  .route("/", marketplaceRoutes)
  .route("/", partnerFeedRoutes)
  .route("/", aiSearchRoutes)
  .route("/", favoriteRoutes)
  .route("/", postingRoutes)
  .route("/", postingFileRoutes)
  .route("/", draftRoutes)
  .route("/", dealerPeopleRoutes)
  .route("/", partnerOauthRoutes)
  .route("/", dealershipRoutes)
  .route("/", dealerStockRoutes)
  .route("/", dealerSignupRoutes)
  .route("/", featuringRoutes)
  .route("/", adminModelRoutes)
  .route("/", adminPostingReviewRoutes)
  .route("/", adminArticleRoutes)
  .route("/", adminEquipmentRoutes)
  .route("/", adminAuditRoutes)
  // After dealerPeopleRoutes: `POST dealer/{code}` must not catch `dealer/salespeople` or `dealer/contacts`.
  .route("/", adminDealerRoutes)
  .route("/", adminMembershipRoutes)
  .route("/", campaignRoutes)
  .route("/", savedSearchRoutes);

/**
 * The Hono app behind `src/server.ts`: the internal API, the un-prefixed impersonation paths and
 * the media route. Standalone so tests load it without TanStack.
 */
export const app = new Hono<ApiEnv>()
  .use(inProcessCall)
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
