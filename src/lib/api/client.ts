import { type ErrorBody, firstErrorMessage, unknownErrorMessage } from "~/domain/errors";
import type { CampaignPosting } from "~/contracts/campaign";
import type { PostingReviewInput } from "~/contracts/admin-posting-review";
import type { ReviewItem } from "~/contracts/admin-posting-review";
import type { ModelAdminSave } from "~/contracts/admin-models";
import type { ModelAdminView } from "~/contracts/admin-models";
import type { PostingCard, SearchResponse } from "~/domain/posting-card";
import type { SearchFilters } from "~/domain/search-filters";
import type { SaveSearchInput } from "~/contracts/saved-searches";
import type { PublicDealership } from "~/domain/dealership";
import type { PostingDetail } from "~/domain/posting-detail";
import type { CreateDraftInput, DraftUpdateInput } from "~/contracts/drafts";
import type { DraftView, MyPostings } from "~/contracts/drafts";
import type { TrimOption } from "~/domain/trim";
import type { Me } from "~/domain/user";
import type { EmailLinkView, MergeRequestView, PendingSocialLinkView } from "~/domain/account-link";
import type { EmailLoginInput, PhoneVerifyInput, PinLoginInput, UpdateProfileInput } from "~/contracts/auth";
import type { DealerContact, DelegationResult, Salesperson } from "~/domain/dealer-people";
import type { AddSalespersonInput, DealerContactInput, UpdateSalespersonInput } from "~/contracts/dealer-people";
import type { DealerSignupInput } from "~/contracts/dealer-signup";
import type { BuyResult, PostingPricing, PublicPackage } from "~/domain/featuring";
import type { BuyPricingItemInput } from "~/contracts/featuring";
import type { AdminDealershipInput, AdminSalespersonInput, CreditDaysInput } from "~/contracts/admin-dealers";
import type {
  AdminDealership,
  AdminDealershipList,
  AdminNetwork,
  AdminSalespeopleList,
  AdminSignupRequest,
  AdminUser,
  CreditLedger,
} from "~/contracts/admin-dealers";
import type { ArticleInput } from "~/contracts/admin-articles";
import type { EquipmentDescriptorInput } from "~/contracts/admin-equipment";
import type { AdminArticle } from "~/contracts/admin-articles";
import type { WizardSelectionView } from "~/contracts/drafts";
import type { AdminEquipmentDescriptor, EquipmentSegments } from "~/contracts/admin-equipment";
import type { AuditLogPage } from "~/contracts/admin-audit";
import type { ConsentResult, ConsentSessionView, PartnerGrant } from "~/domain/partner-oauth";
import type { ApiTransport } from "./api-url";

/** A non-2xx answer of the API (spec section 8): message and statusCode, plus the body's details. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: Partial<ErrorBody> | null;
  constructor(message: string, statusCode: number, body: Partial<ErrorBody> | null) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.body = body;
  }
  /** First message for forms: fieldErrors[0], else errors[0], else the unknown-error text. */
  get firstMessage(): string {
    return firstErrorMessage(this.body);
  }
  /** The per-field errors of a 4xx (MISSING or INVALID), for marking form fields. */
  get fieldErrors(): { field: string; kind: string; message: string }[] {
    return Array.isArray(this.body?.fieldErrors) ? this.body.fieldErrors : [];
  }
}

/** Thrown before any request when a required path parameter or body is missing. */
export class RequiredError extends Error {
  readonly field: string;
  constructor(field: string, value: null | undefined, operation: string) {
    super(`Required parameter ${field} was ${value === null ? "null" : "undefined"} when calling ${operation}.`);
    this.name = "RequiredError";
    this.field = field;
  }
}

export function required<T>(operation: string, field: string, value: T | null | undefined): T {
  if (value === null || value === undefined)
    throw new RequiredError(field, value === null ? null : undefined, operation);
  return value;
}

/** Builds the error for a non-2xx response: statusCode from the body's statusCode or status, else the response status, default 500. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  const numeric = (v: unknown) =>
    typeof v === "number" && Number.isInteger(v) && v >= 100 && v <= 599 ? v : undefined;
  const statusCode = numeric(body?.statusCode) ?? numeric(body?.status) ?? numeric(response.status) ?? 500;
  const message = (typeof body?.message === "string" && body.message) || response.statusText || unknownErrorMessage;
  return new ApiError(message, statusCode, body as Partial<ErrorBody> | null);
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Query parameters are emitted only when non-empty, booleans only when true (spec section 5). */
export function toQueryString(query: Query | URLSearchParams | undefined): string {
  if (!query) return "";
  if (query instanceof URLSearchParams) {
    const s = query.toString();
    return s ? `?${s}` : "";
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === "" || value === false) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, value === true ? "true" : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

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
    postingStatistics: (code: string) =>
      send<{ code: string; total: number; days: { day: string; views: number }[] }>(
        transport,
        "GET",
        `postings/${seg("postingStatistics", "code", code)}/statistics`,
      ),
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
    stockStatistics: () =>
      send<{ total: number; days: { day: string; views: number }[] }>(transport, "GET", "dealer/statistics"),
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
    salespeople: () => send<Salesperson[]>(transport, "GET", "dealer/salespeople"),
    addSalesperson: (body: AddSalespersonInput) =>
      send<Salesperson>(transport, "POST", "dealer/salespeople", { json: required("addSalesperson", "body", body) }),
    updateSalesperson: (phoneNumber: string, body: UpdateSalespersonInput) =>
      send<Salesperson>(
        transport,
        "POST",
        `dealer/salespeople/${seg("updateSalesperson", "phoneNumber", phoneNumber)}`,
        { json: required("updateSalesperson", "body", body) },
      ),
    deleteSalesperson: (phoneNumber: string) =>
      send<void>(transport, "DELETE", `dealer/salespeople/${seg("deleteSalesperson", "phoneNumber", phoneNumber)}`),
    inviteSalesperson: (phoneNumber: string) =>
      send<Salesperson>(
        transport,
        "POST",
        `dealer/salespeople/${seg("inviteSalesperson", "phoneNumber", phoneNumber)}/send-sms`,
      ),
    sendSalespersonStockLink: (phoneNumber: string) =>
      send<void>(transport, "POST", `dealer/${seg("sendSalespersonStockLink", "phoneNumber", phoneNumber)}/send-sms`),
    /** The salesperson invitation from the SMS (decision 033): which team, then accept or decline. */
    dealerInvitation: (token: string) =>
      send<{ dealershipName: string }>(
        transport,
        "GET",
        `dealer-invitations/${seg("dealerInvitation", "token", token)}`,
      ),
    acceptDealerInvitation: (token: string) =>
      send<{ dealershipName: string }>(
        transport,
        "POST",
        `dealer-invitations/${seg("acceptDealerInvitation", "token", token)}/accept`,
      ),
    declineDealerInvitation: (token: string) =>
      send<void>(transport, "POST", `dealer-invitations/${seg("declineDealerInvitation", "token", token)}/decline`),
    dealerContacts: () => send<DealerContact[]>(transport, "GET", "dealer/contacts"),
    saveDealerContact: (body: DealerContactInput) =>
      send<DealerContact>(transport, "POST", "dealer/contacts", { json: required("saveDealerContact", "body", body) }),
    deleteDealerContact: (id: number) =>
      send<void>(transport, "DELETE", `dealer/contacts/${seg("deleteDealerContact", "id", id)}`),
    delegatePosting: (code: string, phoneNumber: string) =>
      send<DelegationResult>(transport, "POST", `postings/${seg("delegatePosting", "code", code)}/delegate`, {
        json: { phoneNumber: required("delegatePosting", "phoneNumber", phoneNumber) },
      }),
    /** Dealer page editing (multipart `dealership` JSON, optional `logo` and `banner`); answers the page's new data. */
    updateDealership: (code: string, form: FormData, query: { removeLogo?: boolean; removeBanner?: boolean } = {}) =>
      send<PublicDealership>(transport, "POST", `dealership/${seg("updateDealership", "code", code)}`, {
        form: required("updateDealership", "form", form),
        query,
      }),
    sendDealerSignupPin: (phoneNumber: string) =>
      send<void>(transport, "POST", "dealer-signup-interest/pin", {
        json: { phoneNumber: required("sendDealerSignupPin", "phoneNumber", phoneNumber) },
      }),
    /** Dealer registration (multipart: `dealership` JSON, `businessRegistryExtract` file). */
    submitDealerSignup: (dealership: DealerSignupInput, businessRegistryExtract: Blob) => {
      const form = new FormData();
      form.set("dealership", JSON.stringify(required("submitDealerSignup", "dealership", dealership)));
      form.set(
        "businessRegistryExtract",
        required("submitDealerSignup", "businessRegistryExtract", businessRegistryExtract),
      );
      return send<{ id: number; status: "UNVERIFIED" }>(transport, "POST", "dealer-signup-interest", { form });
    },
    /** The applicant confirms the application's e-mail with the token from the link (decision 034). */
    verifyDealerSignupEmail: (token: string) =>
      send<{ id: number; status: "PENDING"; companyName: string; email: string }>(
        transport,
        "POST",
        "dealer-signup-interest/verify-email",
        { json: { token: required("verifyDealerSignupEmail", "token", token) } },
      ),
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
    modelAdmin: (manufacturer?: string) =>
      send<ModelAdminView>(transport, "GET", "model-admin", { query: { manufacturer } }),
    saveModelAdmin: (body: ModelAdminSave) =>
      send<ModelAdminView>(transport, "PUT", "model-admin", { json: required("saveModelAdmin", "body", body) }),
    postingReview: (query: { tab?: string; q?: string; page?: number }) =>
      send<{ total: number; page: number; size: number; postings: ReviewItem[] }>(transport, "GET", "posting-review", {
        query,
      }),
    savePostingReview: (code: string, body: PostingReviewInput) =>
      send<ReviewItem | null>(transport, "POST", `posting-review/${seg("savePostingReview", "code", code)}`, {
        json: required("savePostingReview", "body", body),
      }),
    adminDealerships: (query: { q?: string; page?: number; size?: number } = {}) =>
      send<AdminDealershipList>(transport, "GET", "dealer", { query }),
    createAdminDealership: (body: AdminDealershipInput) =>
      send<AdminDealership>(transport, "POST", "dealer", { json: required("createAdminDealership", "body", body) }),
    updateAdminDealership: (code: string, body: AdminDealershipInput) =>
      send<AdminDealership>(transport, "POST", `dealer/${seg("updateAdminDealership", "code", code)}`, {
        json: required("updateAdminDealership", "body", body),
      }),
    deleteAdminDealership: (code: string) =>
      send<void>(transport, "DELETE", `dealer/${seg("deleteAdminDealership", "code", code)}`),
    creditDays: (code: string) =>
      send<CreditLedger>(transport, "GET", `dealer/${seg("creditDays", "code", code)}/credit-days`),
    addCreditDays: (code: string, body: CreditDaysInput) =>
      send<CreditLedger>(transport, "POST", `dealer/${seg("addCreditDays", "code", code)}/credit-days`, {
        json: required("addCreditDays", "body", body),
      }),
    dealerNetworks: () => send<AdminNetwork[]>(transport, "GET", "dealer-network"),
    /** Multipart: `dealership` JSON, optional `logo` and `banner`. */
    createDealerNetwork: (form: FormData) =>
      send<AdminNetwork>(transport, "POST", "dealer-network", { form: required("createDealerNetwork", "form", form) }),
    updateDealerNetwork: (code: string, form: FormData, query: { removeLogo?: boolean; removeBanner?: boolean } = {}) =>
      send<AdminNetwork>(transport, "POST", `dealer-network/${seg("updateDealerNetwork", "code", code)}`, {
        form: required("updateDealerNetwork", "form", form),
        query,
      }),
    deleteDealerNetwork: (code: string) =>
      send<void>(transport, "DELETE", `dealer-network/${seg("deleteDealerNetwork", "code", code)}`),
    adminSalespeople: (query: { q?: string; page?: number; dealershipCode?: string } = {}) =>
      send<AdminSalespeopleList>(transport, "GET", "admin/salespeople", { query }),
    addAdminSalesperson: (body: AdminSalespersonInput) =>
      send<Salesperson>(transport, "POST", "admin/salespeople", {
        json: required("addAdminSalesperson", "body", body),
      }),
    deleteAdminSalesperson: (phoneNumber: string) =>
      send<void>(transport, "DELETE", `admin/salespeople/${seg("deleteAdminSalesperson", "phoneNumber", phoneNumber)}`),
    adminUsers: (q?: string) => send<AdminUser[]>(transport, "GET", "admin/users", { query: { q } }),
    dealerSignupRequests: (status?: "PENDING" | "DECIDED") =>
      send<AdminSignupRequest[]>(transport, "GET", "dealer-signup-interest", { query: { status } }),
    confirmDealerSignup: (id: number) =>
      send<{ dealershipId: number; userId: number; code: string }>(
        transport,
        "POST",
        `dealer-signup-interest/${seg("confirmDealerSignup", "id", id)}/confirm`,
      ),
    rejectDealerSignup: (id: number) =>
      send<void>(transport, "POST", `dealer-signup-interest/${seg("rejectDealerSignup", "id", id)}/reject`),
    /** Admins continue as another user (by id or phone number); the session cookie changes, so reload afterwards. */
    /** Decision 039: an admin verifies (or withdraws) the AMZS number the user declared. */
    verifyMembership: (userId: number, input: { number: string; verified: boolean }) =>
      send<{ id: number; amzsMembershipNumber: string; amzsMembershipVerified: boolean }>(
        transport,
        "POST",
        `admin/users/${seg("verifyMembership", "id", userId)}/amzs-membership`,
        { json: input },
      ),
    impersonate: (target: string | number) =>
      send<{ impersonated: boolean; userId: number }>(
        transport,
        "POST",
        `/impersonate/${seg("impersonate", "target", target)}`,
      ),
    campaignPosting: (code: string | number) =>
      send<CampaignPosting>(transport, "GET", `campaign-transfer-posting-get/${seg("campaignPosting", "code", code)}`),
    claimCampaign: (code: string) =>
      send<{ code: string; vin: string; amount: number; status: string }>(
        transport,
        "GET",
        `campaign-transfer-claim/${seg("claimCampaign", "postingcode", code)}`,
      ),
    adminArticles: () => send<AdminArticle[]>(transport, "GET", "search-page-article"),
    /** Multipart: `article` JSON and `image` (a picture is required when creating). */
    createArticle: (article: ArticleInput, image: Blob) => {
      const form = new FormData();
      form.set("article", JSON.stringify(required("createArticle", "article", article)));
      form.set("image", required("createArticle", "image", image));
      return send<AdminArticle>(transport, "POST", "search-page-article", { form });
    },
    /** Multipart: `article` JSON and, only when the picture changes, `image`. */
    updateArticle: (id: number, article: ArticleInput, image?: Blob | null) => {
      const form = new FormData();
      form.set("article", JSON.stringify(required("updateArticle", "article", article)));
      if (image) form.set("image", image);
      return send<AdminArticle>(transport, "POST", `search-page-article/${seg("updateArticle", "id", id)}`, { form });
    },
    deleteArticle: (id: number) =>
      send<void>(transport, "DELETE", `search-page-article/${seg("deleteArticle", "id", id)}`),
    equipmentSegments: () => send<EquipmentSegments>(transport, "GET", "equipment-segments"),
    equipmentDescriptors: () => send<AdminEquipmentDescriptor[]>(transport, "GET", "equipment-descriptor"),
    createEquipmentDescriptor: (body: EquipmentDescriptorInput) =>
      send<AdminEquipmentDescriptor>(transport, "POST", "equipment-descriptor", {
        json: required("createEquipmentDescriptor", "body", body),
      }),
    updateEquipmentDescriptor: (id: number, body: EquipmentDescriptorInput) =>
      send<AdminEquipmentDescriptor>(
        transport,
        "POST",
        `equipment-descriptor/${seg("updateEquipmentDescriptor", "id", id)}`,
        { json: required("updateEquipmentDescriptor", "body", body) },
      ),
    deleteEquipmentDescriptor: (id: number) =>
      send<void>(transport, "DELETE", `equipment-descriptor/${seg("deleteEquipmentDescriptor", "id", id)}`),
    auditLog: (query: { entity?: string; actor?: string; page?: number } = {}) =>
      send<AuditLogPage>(transport, "GET", "audit-log", { query }),
    oauthSession: (sessionId: string) =>
      send<ConsentSessionView>(transport, "GET", `oauth2-session/${seg("oauthSession", "sessionId", sessionId)}`),
    finishOauthSession: (sessionId: string) =>
      send<ConsentResult>(transport, "POST", `oauth2-session/${seg("finishOauthSession", "sessionId", sessionId)}`),
    cancelOauthSession: (sessionId: string) =>
      send<ConsentResult>(transport, "DELETE", `oauth2-session/${seg("cancelOauthSession", "sessionId", sessionId)}`),
    partnerGrants: () => send<PartnerGrant[]>(transport, "GET", "dealer/partner-grants"),
    revokePartnerGrant: (partnerCode: string) =>
      send<void>(transport, "DELETE", `dealer/partner-grants/${seg("revokePartnerGrant", "partnerCode", partnerCode)}`),
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
