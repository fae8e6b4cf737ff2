import { api, apiRoot } from "~/client/api";
import { data } from "~/client/api-client";
import type { AdminDealershipInput, AdminSalespersonInput, CreditDaysInput } from "~/contracts/admin-dealers";
import type { ArticleInput } from "~/contracts/admin-articles";
import type { EquipmentDescriptorInput } from "~/contracts/admin-equipment";
import type { ModelAdminSave } from "~/contracts/admin-models";
import type { PostingReviewInput } from "~/contracts/admin-posting-review";

/**
 * The admin screens' writes over the client derived from the API (decision 056). The screens run them
 * through one use-<operation> hook each (use-*.ts; the confirmed ones in use-confirmed-writes.ts), built on
 * the form helper (useApiForm).
 */

/** Multipart bodies go through hc's `init.body`: those routes read their parts by hand. */
const multipart = (form: FormData) => ({ init: { body: form } });

export const createAdminDealership = (json: AdminDealershipInput) => data(api.dealer.$post({ json }));
export const updateAdminDealership = (code: string, json: AdminDealershipInput) =>
  data(api.dealer[":code"].$post({ param: { code }, json }));
export const deleteAdminDealership = (code: string, confirmName: string) =>
  data(api.dealer[":code"].$delete({ param: { code }, json: { confirmName } }));
export const addCreditDays = (code: string, json: CreditDaysInput) =>
  data(api.dealer[":code"]["credit-days"].$post({ param: { code }, json }));

/** Multipart: `dealership` JSON, optional `logo` and `banner`. */
export const createDealerNetwork = (form: FormData) => data(api["dealer-network"].$post(undefined, multipart(form)));
export const updateDealerNetwork = (
  code: string,
  form: FormData,
  query: { removeLogo?: boolean; removeBanner?: boolean } = {},
) => {
  const args = { param: { code }, query };
  return data(api["dealer-network"][":code"].$post(args, multipart(form)));
};
export const deleteDealerNetwork = (code: string, confirmName: string) =>
  data(api["dealer-network"][":code"].$delete({ param: { code }, json: { confirmName } }));

export const addAdminSalesperson = (json: AdminSalespersonInput) => data(api.admin.salespeople.$post({ json }));
export const deleteAdminSalesperson = (phoneNumber: string) =>
  data(api.admin.salespeople[":phoneNumber"].$delete({ param: { phoneNumber } }));

export const confirmDealerSignup = (id: number) =>
  data(api["dealer-signup-interest"][":id"].confirm.$post({ param: { id: String(id) } }));
export const rejectDealerSignup = (id: number) =>
  data(api["dealer-signup-interest"][":id"].reject.$post({ param: { id: String(id) } }));

/** Decision 039: an admin verifies (or withdraws) the AMZS number the user declared. */
export const verifyMembership = (userId: number, json: { number: string; verified: boolean }) =>
  data(api.admin.users[":id"]["amzs-membership"].$post({ param: { id: String(userId) }, json }));

/**
 * Admins continue as another user; the session cookie changes, so reload afterwards. `returnTo` is the users
 * list (with its search) that "Končaj prevzem" comes back to.
 */
export const impersonate = (target: string | number, returnTo?: string) =>
  data(apiRoot.impersonate[":target"].$post({ param: { target: String(target) }, query: { returnTo } }));

export const saveModelAdmin = (json: ModelAdminSave) => data(api["model-admin"].$put({ json }));
export const savePostingReview = (code: string, json: PostingReviewInput) =>
  data(api["posting-review"][":code"].$post({ param: { code }, json }));

/** Multipart: `article` JSON and `image` (a picture is required when creating). */
export const createArticle = (article: ArticleInput, image: Blob) => {
  const form = new FormData();
  form.set("article", JSON.stringify(article));
  form.set("image", image);
  return data(api["search-page-article"].$post(undefined, multipart(form)));
};
/** Multipart: `article` JSON and, only when the picture changes, `image`. */
export const updateArticle = (id: number, article: ArticleInput, image?: Blob | null) => {
  const form = new FormData();
  form.set("article", JSON.stringify(article));
  if (image) form.set("image", image);
  return data(api["search-page-article"][":id"].$post({ param: { id: String(id) } }, multipart(form)));
};
export const deleteArticle = (id: number) =>
  data(api["search-page-article"][":id"].$delete({ param: { id: String(id) } }));

export const createEquipmentDescriptor = (json: EquipmentDescriptorInput) =>
  data(api["equipment-descriptor"].$post({ json }));
export const updateEquipmentDescriptor = (id: number, json: EquipmentDescriptorInput) =>
  data(api["equipment-descriptor"][":id"].$post({ param: { id: String(id) }, json }));
export const deleteEquipmentDescriptor = (id: number) =>
  data(api["equipment-descriptor"][":id"].$delete({ param: { id: String(id) } }));
