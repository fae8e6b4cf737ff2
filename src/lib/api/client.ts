import { RequiredError, toApiError } from "~/client/errors";
import { toQueryString } from "~/client/api-client";
import type { campaignPosting } from "~/services/campaign.server";
import type { PostingCard, SearchResponse } from "~/domain/posting-card";
import type { SearchFilters } from "~/domain/search-filters";
import type { SaveSearchInput } from "~/contracts/saved-searches";
import type { PublicDealership } from "~/domain/dealership";
import type { PostingDetail } from "~/domain/posting-detail";
import type { CreateDraftInput, DraftUpdateInput } from "~/contracts/drafts";
import type { DraftView, MyPostings } from "~/services/drafts.server";
import type { TrimOption } from "~/db/vehicle-data.server";
import type { Me } from "~/domain/user";
import type { EmailLinkView, MergeRequestView, PendingSocialLinkView } from "~/domain/account-link";
import type { EmailLoginInput, PhoneVerifyInput, PinLoginInput, UpdateProfileInput } from "~/contracts/auth";
import type { BuyResult, PostingPricing, PublicPackage } from "~/domain/featuring";
import type { BuyPricingItemInput } from "~/contracts/featuring";
import type { WizardSelectionView } from "~/services/wizard-selection.server";
import type { ApiTransport } from "~/client/api-url";

export function required<T>(operation: string, field: string, value: T | null | undefined): T {
  if (value === null || value === undefined)
    throw new RequiredError(field, value === null ? null : undefined, operation);
  return value;
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

type RequestOptions = { query?: Query | URLSearchParams; json?: unknown; form?: FormData; signal?: AbortSignal };

async function send<T>(
  transport: ApiTransport,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers = new Headers({ accept: "application/json" });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await transport(`${path}${toQueryString(options.query)}`, {
    method,
    headers,
    body,
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204 || response.status === 202) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const seg = (operation: string, name: string, value: string | number | null | undefined) =>
  encodeURIComponent(String(required(operation, name, value)));

export type SavedSearch = {
  id: number;
  name: string;
  query: string;
  alertsEnabled: boolean;
  newCount: number;
  createdAt: string;
};
export type DevMessage = {
  id: number;
  to: string;
  channel: "email" | "sms";
  subject: string | null;
  text: string;
  link: string | null;
  pin: string | null;
  createdAt: string;
};
export type FacetCount = { value: string; label?: string; count: number };
/** What the AI search understood: the filters and the same as /iskanje query parameters. */
export type AiSearchResponse = { filters: SearchFilters; query: string };
export type ManufacturerOption = { value: string; text: string; popular: boolean };
export type ModelOption = { value: string; text: string };
export type Article = {
  id: number;
  code: string | null;
  title: string;
  subtitle: string | null;
  summary: string | null;
  moreLink: string | null;
  position: number;
  imageUrl: string | null;
  expiresAt: string | null;
};
/** `GET articles/{code}`: one article with its body. */
export type ArticleDetail = Article & { body: string | null };

/** The local test checkout's session (DEV_OUTBOX only); amount in euros. */
export type DevCheckout = {
  sessionId: string;
  postId: number;
  package: string;
  days: number;
  amount: number;
  status: string;
  successUrl: string | null;
  cancelUrl: string | null;
};

/** `value` in cents per `unit` ("ct/l", "ct/kWh", "ct/kW", "ct"): decision 050. */
export type VehicleCostPrice = { key: string; label: string; value: number; unit: string; updatedAt: string };

/** The typed internal-API client; every page and server function goes through it. */
export function createApiClient(transport: ApiTransport) {
  return {
    getMe: () => send<Me>(transport, "GET", "me"),
    updateMe: (body: UpdateProfileInput) =>
      send<Me>(transport, "POST", "me", { json: required("updateMe", "body", body) }),
    getManufacturers: () => send<ManufacturerOption[]>(transport, "GET", "manufacturer"),
    getModels: (manufacturerCode: string) =>
      send<ModelOption[]>(transport, "GET", `models/${seg("getModels", "manufacturerCode", manufacturerCode)}`),
    searchMarketplace: (query: ({ page?: number; size?: number; sort?: string } & Query) | URLSearchParams) =>
      send<SearchResponse>(transport, "GET", "marketplace/search", { query }),
    countBy: (facet: string, query: URLSearchParams) =>
      send<FacetCount[]>(transport, "GET", `marketplace/count-by/${seg("countBy", "spreadParamName", facet)}`, {
        query,
      }),
    similarVehicles: (postingCode: string, dealerCode?: string) =>
      send<PostingCard[]>(
        transport,
        "GET",
        `marketplace/similar-vehicles/${seg("similarVehicles", "postingCode", postingCode)}`,
        { query: { dealerCode } },
      ),
    popularVehicles: () => send<PostingCard[]>(transport, "GET", "marketplace/popular-vehicles"),
    getPosting: (codeOrId: string | number) =>
      send<PostingDetail>(transport, "GET", `postings/${seg("getPosting", "code", codeOrId)}`),
    leasingClick: (postingCode: string) =>
      send<void>(transport, "POST", `leasing-widget/click/${seg("leasingClick", "postingCode", postingCode)}`),
    vehicleCostPrices: () => send<VehicleCostPrice[]>(transport, "GET", "vehicle-costs/prices"),
    searchTrims: (body: { manufacturer: string; model: string; firstRegistrationDate?: string }) =>
      send<TrimOption[]>(transport, "PUT", "trims/search", { json: required("searchTrims", "body", body) }),
    getDealership: (code: string) =>
      send<PublicDealership>(transport, "GET", `dealership/${seg("getDealership", "code", code)}`),
    myPostings: (
      query: {
        includeDealership?: boolean;
        status?: string;
        featured?: boolean;
        q?: string;
        sort?: string;
        page?: number;
        size?: number;
      } = {},
    ) =>
      send<MyPostings>(transport, "GET", "draft", {
        query: {
          ...query,
          includeDealership: query.includeDealership ? "true" : undefined,
          featured: query.featured ? "true" : undefined,
          page: query.page ? String(query.page) : undefined,
          size: query.size ? String(query.size) : undefined,
        },
      }),
    createDraft: (body: CreateDraftInput) =>
      send<{ id: number; code: string }>(transport, "POST", "draft", { json: required("createDraft", "body", body) }),
    createDraftSelection: (body: CreateDraftInput) =>
      send<{ token: string; expiresAt: string }>(transport, "POST", "draft-selection", {
        json: required("createDraftSelection", "body", body),
      }),
    getDraftSelection: (token: string) =>
      send<WizardSelectionView>(transport, "GET", `draft-selection/${seg("getDraftSelection", "token", token)}`),
    claimDraftSelection: (token: string) =>
      send<{ id: number; code: string }>(
        transport,
        "POST",
        `draft-selection/${seg("claimDraftSelection", "token", token)}/claim`,
      ),
    getDraft: (code: string | number) => send<DraftView>(transport, "GET", `draft/${seg("getDraft", "code", code)}`),
    updateDraft: (code: string, body: DraftUpdateInput) =>
      send<DraftView>(transport, "POST", `draft/${seg("updateDraft", "code", code)}`, {
        json: required("updateDraft", "body", body),
      }),
    deleteDraft: (code: string) => send<void>(transport, "DELETE", `draft/${seg("deleteDraft", "code", code)}`),
    publishDraft: (code: string) =>
      send<{ id: number; code: string; status: string }>(
        transport,
        "POST",
        `draft/${seg("publishDraft", "code", code)}/publish`,
      ),
    setPostingStatus: (code: string, status: string) =>
      send<{ code: string; status: string }>(
        transport,
        "POST",
        `postings/${seg("setPostingStatus", "code", code)}/status`,
        { json: { status: required("setPostingStatus", "status", status) } },
      ),
    favorites: () =>
      send<{ card: PostingCard; priceAtLike: number | null; priceDrop: number | null; sold: boolean }[]>(
        transport,
        "GET",
        "favorites",
      ),
    /** Like or unlike; resolves with the HTTP status (the liked list changes only on 201 or 204). */
    setFavorite: async (code: string, liked: boolean) => {
      const response = await transport(`postings/${seg("setFavorite", "code", code)}/favorite`, {
        method: liked ? "POST" : "DELETE",
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw await toApiError(response);
      return response.status;
    },
    savedSearches: () => send<SavedSearch[]>(transport, "GET", "saved-searches"),
    saveSearch: (body: SaveSearchInput) =>
      send<SavedSearch>(transport, "POST", "saved-searches", { json: required("saveSearch", "body", body) }),
    deleteSavedSearch: (id: number) =>
      send<void>(transport, "DELETE", `saved-searches/${seg("deleteSavedSearch", "id", id)}`),
    markSavedSearchSeen: (id: number) =>
      send<void>(transport, "POST", `saved-searches/${seg("markSavedSearchSeen", "id", id)}/seen`),
    aiSearch: (body: { query: string }) =>
      send<AiSearchResponse>(transport, "POST", "ai/search", { json: required("aiSearch", "body", body) }),
    getArticles: () => send<Article[]>(transport, "GET", "marketplace/articles"),
    getArticle: (code: string) => send<ArticleDetail>(transport, "GET", `articles/${seg("getArticle", "code", code)}`),
    pricingPackages: () => send<PublicPackage[]>(transport, "GET", "pricing-items"),
    pricingItems: (code: string | number) =>
      send<PostingPricing>(transport, "GET", `postings/${seg("pricingItems", "code", code)}/pricing-items`),
    buyPricingItem: (code: string | number, body: BuyPricingItemInput) =>
      send<BuyResult>(transport, "POST", `postings/${seg("buyPricingItem", "code", code)}/buy-pricing-item`, {
        json: required("buyPricingItem", "body", body),
      }),
    /** Cancels featuring; false on any error (spec section 4). */
    cancelFeaturing: (code: string | number) =>
      send<{ message: string; featuredUntil: string }>(
        transport,
        "DELETE",
        `postings/${seg("cancelFeaturing", "code", code)}/buy-pricing-item`,
      ).then(
        () => true,
        () => false,
      ),
    devCheckout: (sessionId: string) =>
      send<DevCheckout>(transport, "GET", `dev/payments/${seg("devCheckout", "sessionId", sessionId)}`),
    completeDevCheckout: (sessionId: string, outcome: "pay" | "cancel") =>
      send<{ redirectUrl: string }>(
        transport,
        "POST",
        `dev/payments/${seg("completeDevCheckout", "sessionId", sessionId)}/${outcome}`,
      ),
    campaignPosting: (code: string | number) =>
      send<CampaignPosting>(transport, "GET", `campaign-transfer-posting-get/${seg("campaignPosting", "code", code)}`),
    logout: () => send<void>(transport, "POST", "logout"),
    acknowledgeAccountsMerged: () => send<void>(transport, "DELETE", "me/accounts-merged"),
    startPhoneVerification: (phoneNumber: string) =>
      send<void>(transport, "POST", "me/phone", {
        json: { phoneNumber: required("startPhoneVerification", "phoneNumber", phoneNumber) },
      }),
    finishPhoneVerification: (body: PhoneVerifyInput) =>
      send<Me>(transport, "POST", "me/phone/verify", { json: required("finishPhoneVerification", "body", body) }),
    sendLoginPin: (number: string) =>
      send<void>(transport, "GET", "login", { query: { number: required("sendLoginPin", "number", number) } }),
    pinLogin: (body: PinLoginInput) =>
      send<{ userId: number }>(transport, "POST", "login", { json: required("pinLogin", "body", body) }),
    requestEmailLogin: (body: EmailLoginInput) =>
      send<void>(transport, "POST", "login/email", { json: required("requestEmailLogin", "body", body) }),
    emailLink: (token: string) =>
      send<EmailLinkView>(transport, "GET", "login/email/link", {
        query: { token: required("emailLink", "token", token) },
      }),
    spentEmailLinkReturn: (token: string) =>
      send<{ redirectUrl: string }>(transport, "GET", "login/email/link/return", {
        query: { token: required("spentEmailLinkReturn", "token", token) },
      }),
    openEmailLink: (token: string) =>
      send<{ location: string }>(transport, "POST", "login/email/verify", {
        json: { token: required("openEmailLink", "token", token) },
      }),
    pendingSocialLink: (provider: string) =>
      send<PendingSocialLinkView>(
        transport,
        "GET",
        `social/login/${seg("pendingSocialLink", "provider", provider)}/confirm`,
      ),
    confirmSocialLink: (provider: string) =>
      send<{ redirectUrl: string }>(
        transport,
        "POST",
        `social/login/${seg("confirmSocialLink", "provider", provider)}/confirm`,
      ),
    declineSocialLink: (provider: string) =>
      send<void>(transport, "DELETE", `social/login/${seg("declineSocialLink", "provider", provider)}/confirm`),
    mergeRequest: () => send<MergeRequestView>(transport, "GET", "me/merge-request"),
    confirmMergeRequest: (body: { id: number; takePhone: boolean }) =>
      send<{ redirectUrl: string }>(transport, "POST", "me/merge-request", {
        json: required("confirmMergeRequest", "body", body),
      }),
    declineMergeRequest: () => send<void>(transport, "DELETE", "me/merge-request"),
    devOutbox: () => send<DevMessage[]>(transport, "GET", "dev/outbox"),
    stopImpersonation: () => send<void>(transport, "POST", "/stop-impersonation"),
    isImpersonated: () => send<{ impersonated: boolean }>(transport, "POST", "/is-impersonated"),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type CampaignPosting = Awaited<ReturnType<typeof campaignPosting>>;
