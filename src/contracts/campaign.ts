/** The campaign's public view of a gift-card transfer: never the other party's e-mail. */
export type CampaignTransfer = {
  status: "CLAIMED" | "TRANSFERRED" | "REJECTED";
  /** Each gift card, in cents (decision 050). */
  amount: number;
  createdAt: string;
  transferredAt: string | null;
};

/** `GET campaign-transfer-posting-get/{code}`: the posting as the campaign page shows it, with whether the signed-in user may claim. */
export type CampaignPosting = {
  postId: number;
  code: string;
  title: string;
  publishedAt: string | null;
  eligible: boolean;
  refusal: string | null;
  transfer: CampaignTransfer | null;
  /** Each gift card, in cents (decision 050). */
  giftCardAmount: number;
  window: { start: string; end: string };
};
