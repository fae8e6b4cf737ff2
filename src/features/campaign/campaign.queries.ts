import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** The campaign's posting (the gift card's page). */
export const fetchCampaignPosting = (code: string | number) =>
  data(api["campaign-transfer-posting-get"][":code"].$get({ param: { code: String(code) } }));
export type CampaignPosting = Awaited<ReturnType<typeof fetchCampaignPosting>>;

/** The signed-in owner claims the campaign's transfer (a GET by the spec). */
export const claimCampaign = (postingcode: string) =>
  data(api["campaign-transfer-claim"][":postingcode"].$get({ param: { postingcode } }));
