import { RequiredError, toApiError } from "~/client/errors";
import { toQueryString } from "~/client/api-client";
import type { campaignPosting } from "~/services/campaign.server";
import type { PostingReviewInput } from "~/contracts/admin-posting-review";
import type { ReviewItem } from "~/services/posting-review.server";
import type { ModelAdminSave } from "~/contracts/admin-models";
import type { ModelAdminView } from "~/services/model-admin.server";
import type { PostingCard, SearchResponse } from "~/domain/posting-card";
import type { PublicDealership } from "~/domain/dealership";
import type { MyPostings } from "~/services/drafts.server";
import type { Me } from "~/domain/user";
import type { EmailLoginInput, UpdateProfileInput } from "~/contracts/auth";
import type { DealerContact, DelegationResult, Salesperson } from "~/domain/dealer-people";
import type { AddSalespersonInput, DealerContactInput, UpdateSalespersonInput } from "~/contracts/dealer-people";
import type { DealerSignupInput } from "~/contracts/dealer-signup";
import type { AdminDealershipInput, AdminSalespersonInput, CreditDaysInput } from "~/contracts/admin-dealers";
import type {
  AdminDealership,
  AdminDealershipList,
  AdminNetwork,
  AdminSalespeopleList,
  AdminSignupRequest,
  AdminUser,
  CreditLedger,
} from "~/services/dealer-admin.server";
import type { ArticleInput } from "~/contracts/admin-articles";
import type { EquipmentDescriptorInput } from "~/contracts/admin-equipment";
import type { AdminArticle } from "~/services/article-admin.server";
import type { AdminEquipmentDescriptor, EquipmentSegments } from "~/services/equipment-admin.server";
import type { AuditLogPage } from "~/services/audit-log.server";
import type { ConsentResult, ConsentSessionView, PartnerGrant } from "~/domain/partner-oauth";
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

export type ManufacturerOption = { value: string; text: string; popular: boolean };
export type ModelOption = { value: string; text: string };

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
    postingStatistics: (code: string) =>
      send<{ code: string; total: number; days: { day: string; views: number }[] }>(
        transport,
        "GET",
        `postings/${seg("postingStatistics", "code", code)}/statistics`,
      ),
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
    requestEmailLogin: (body: EmailLoginInput) =>
      send<void>(transport, "POST", "login/email", { json: required("requestEmailLogin", "body", body) }),
    isImpersonated: () => send<{ impersonated: boolean }>(transport, "POST", "/is-impersonated"),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type CampaignPosting = Awaited<ReturnType<typeof campaignPosting>>;
