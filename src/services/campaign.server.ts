import type { SessionUser } from "~/domain/session";
import { toCents } from "~/domain/money";
import { appConfig } from "~/app.config";
import { findCampaignPosting, findTransferByVin, insertTransfer } from "~/db/campaign.server";
import type { Db } from "~/db/client.server";
import { campaignEligibility, campaignRefusal, giftCardCode, type CampaignConfig } from "~/domain/campaign";
import { AppError, notFound } from "~/domain/errors";
import { formatDate } from "~/domain/format";
import type { EmailProvider } from "./providers/email.server";
import type { CampaignPosting, CampaignTransfer } from "~/contracts/campaign";

const alreadyClaimed = "Za to vozilo je bil dobropis že uveljavljen.";

/** The transfer's public view: never the other party's e-mail. */
const transferView = (t: NonNullable<Awaited<ReturnType<typeof findTransferByVin>>>): CampaignTransfer => ({
  status: t.status,
  amount: t.amount,
  createdAt: t.createdAt,
  transferredAt: t.transferredAt,
});

/** `GET campaign-transfer-get/{vin}`: whether the vehicle's gift cards were already claimed. */
export async function transferByVin(db: Db, vin: string) {
  const t = await findTransferByVin(db, vin);
  return { vin, claimed: t !== undefined, transfer: t ? transferView(t) : null };
}

/** `GET campaign-transfer-posting-get/{code}`: the posting as the campaign page shows it, with whether the signed-in user may claim. */
export async function campaignPosting(
  db: Db,
  code: string,
  viewer: SessionUser | null,
  campaign: CampaignConfig = appConfig.campaign,
): Promise<CampaignPosting> {
  const p = await findCampaignPosting(db, code);
  if (!p || p.status === "DRAFT") throw notFound("Oglas ne obstaja.");
  const transfer = p.vin ? await findTransferByVin(db, p.vin) : undefined;
  const reason = campaignEligibility(p, viewer?.id ?? null, campaign);
  return {
    postId: p.id,
    code: p.code,
    title: [p.manufacturerName, p.modelName, p.trimName].filter(Boolean).join(" "),
    publishedAt: p.publishedAt,
    eligible: reason === null && !transfer,
    refusal: transfer ? alreadyClaimed : reason ? campaignRefusal(reason, campaign) : null,
    transfer: transfer ? transferView(transfer) : null,
    /** Each gift card, in cents (decision 050). */
    giftCardAmount: toCents(campaign.giftCardEuros),
    window: { start: campaign.start, end: campaign.end },
  };
}

/**
 * `GET campaign-transfer-claim/{postingcode}`: the buyer claims the campaign for a posting; the seller
 * and the buyer each get a gift card by e-mail. One claim per VIN (the table's unique VIN decides races).
 */
export async function claimTransfer(
  db: Db,
  email: EmailProvider,
  buyer: SessionUser,
  code: string,
  now = new Date(),
  campaign: CampaignConfig = appConfig.campaign,
) {
  const p = await findCampaignPosting(db, code);
  if (!p || p.status === "DRAFT") throw notFound("Oglas ne obstaja.");
  const reason = campaignEligibility(p, buyer.id, campaign);
  if (reason) throw new AppError(409, campaignRefusal(reason, campaign), { code: `CAMPAIGN_${reason}` });
  if (!buyer.email)
    throw new AppError(409, "Za dobropis potrebujemo vaš e-poštni naslov. Dodajte ga v profilu.", {
      code: "CAMPAIGN_NO_EMAIL",
    });
  const vin = p.vin ?? ""; // a whole VIN: campaignEligibility refused any other
  const row = await insertTransfer(db, {
    postingId: p.id,
    vin,
    sellerUserId: p.userId,
    buyerUserId: buyer.id,
    buyerEmail: buyer.email,
    amount: toCents(campaign.giftCardEuros),
    status: "TRANSFERRED",
    transferredAt: now.toISOString(),
  });
  if (!row) throw new AppError(409, alreadyClaimed, { code: "CAMPAIGN_CLAIMED" });
  const title = [p.manufacturerName, p.modelName].filter(Boolean).join(" ") || p.code;
  const valid = formatDate(new Date(now.getTime() + 365 * 86_400_000));
  const letters = [
    { to: buyer.email, who: "kupcu" },
    ...(p.sellerEmail ? [{ to: p.sellerEmail, who: "prodajalcu" }] : []),
  ];
  for (const l of letters) {
    await email.send({
      to: l.to,
      subject: `Vaš darilni bon za ${campaign.giftCardEuros} €`,
      text: `Pozdravljeni,\n\nza nakup vozila ${title} (oglas ${p.code}) v kampanji Avtotrga prejmete kot ${l.who} darilni bon v vrednosti ${campaign.giftCardEuros} €.\n\nKoda bona: ${giftCardCode()}\nVelja do: ${valid}\n\nPogoji: ${appConfig.siteUrl}/splosnipogojiuporabe\n\nEkipa Avtotrg`,
    });
  }
  return { code: p.code, vin, amount: row.amount, status: row.status, transferredAt: row.transferredAt };
}
