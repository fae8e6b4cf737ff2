import { api } from "~/client/api";
import { data } from "~/client/api-client";
import type { AddSalespersonInput, DealerContactInput, UpdateSalespersonInput } from "~/contracts/dealer-people";
import type { DealerSignupInput } from "~/contracts/dealer-signup";
import type { PostingStatus } from "~/domain/enums/posting";

/**
 * The dealer screens' writes over the client derived from the API (decision 056), run by the screens
 * through the form helper (useApiForm) or DeleteConfirm-like flows.
 */

const actingForOwnDealership = { query: {} };

export const addSalesperson = (json: AddSalespersonInput) =>
  data(api.dealer.salespeople.$post({ ...actingForOwnDealership, json }));
export const updateSalesperson = (phoneNumber: string, json: UpdateSalespersonInput) =>
  data(api.dealer.salespeople[":phoneNumber"].$post({ ...actingForOwnDealership, param: { phoneNumber }, json }));
export const deleteSalesperson = (phoneNumber: string) =>
  data(api.dealer.salespeople[":phoneNumber"].$delete({ ...actingForOwnDealership, param: { phoneNumber } }));
export const inviteSalesperson = (phoneNumber: string) =>
  data(api.dealer.salespeople[":phoneNumber"]["send-sms"].$post({ ...actingForOwnDealership, param: { phoneNumber } }));
export const sendSalespersonStockLink = (phoneNumber: string) =>
  data(api.dealer[":phoneNumber"]["send-sms"].$post({ ...actingForOwnDealership, param: { phoneNumber } }));

export const saveDealerContact = (json: DealerContactInput) =>
  data(api.dealer.contacts.$post({ ...actingForOwnDealership, json }));
export const deleteDealerContact = (id: number) =>
  data(api.dealer.contacts[":id"].$delete({ ...actingForOwnDealership, param: { id: String(id) } }));

export const delegatePosting = (code: string, phoneNumber: string) =>
  data(api.postings[":code"].delegate.$post({ param: { code }, json: { phoneNumber } }));
export const setPostingStatus = (code: string, status: PostingStatus) =>
  data(api.postings[":code"].status.$post({ param: { code }, json: { status } }));
/** Cancels featuring; false on any error (spec section 4). */
export const cancelFeaturing = (code: string) =>
  data(api.postings[":code"]["buy-pricing-item"].$delete({ param: { code } })).then(
    () => true,
    () => false,
  );

/** The salesperson invitation from the SMS (decision 033): which team, then accept or decline. */
export const dealerInvitation = (token: string) => data(api["dealer-invitations"][":token"].$get({ param: { token } }));
export const acceptDealerInvitation = (token: string) =>
  data(api["dealer-invitations"][":token"].accept.$post({ param: { token } }));
export const declineDealerInvitation = (token: string) =>
  data(api["dealer-invitations"][":token"].decline.$post({ param: { token } }));

/** Dealer page editing (multipart `dealership` JSON, optional `logo` and `banner`); answers the page's new data. */
export const updateDealership = (
  code: string,
  form: FormData,
  query: { removeLogo?: boolean; removeBanner?: boolean } = {},
) => {
  const args = { param: { code }, query };
  return data(api.dealership[":code"].$post(args, { init: { body: form } }));
};

export const sendDealerSignupPin = (phoneNumber: string) =>
  data(api["dealer-signup-interest"].pin.$post({ json: { phoneNumber } }));
/** Dealer registration (multipart: `dealership` JSON, `businessRegistryExtract` file). */
export const submitDealerSignup = (dealership: DealerSignupInput, businessRegistryExtract: Blob) => {
  const form = new FormData();
  form.set("dealership", JSON.stringify(dealership));
  form.set("businessRegistryExtract", businessRegistryExtract);
  return data(api["dealer-signup-interest"].$post(undefined, { init: { body: form } }));
};
/** The applicant confirms the application's e-mail with the token from the link (decision 034). */
export const verifyDealerSignupEmail = (token: string) =>
  data(api["dealer-signup-interest"]["verify-email"].$post({ json: { token } }));

/** A posting's views of the last 30 days (the stock dashboard's chart). */
export const postingStatistics = (code: string) => data(api.postings[":code"].statistics.$get({ param: { code } }));
