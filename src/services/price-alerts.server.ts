/**
 * E-mails buyers whose favourite got cheaper (issue 28): drained after the response of the write that
 * lowered a price, and by the daily job for a change made on any other path (a partner feed, an admin).
 */
import type { Db } from "~/db/client.server";
import { claimPriceDrops, priceDropRecipients, rememberPriceTold, requeuePriceDrops } from "~/db/price-alerts.server";
import { formatPrice } from "~/domain/format";
import { escapeHtml } from "~/lib/html";
import type { EmailProvider } from "./providers/email.server";

type Drop = { postingId: number; title: string; oldPrice: number; newPrice: number; url: string };

const toldWindowMs = 30 * 86_400_000;

/**
 * The amount a cut is told from (decision 088, session 23): the last price e-mailed to this buyer about the car in the
 * 30 days before, else the lowest shown price of those 30 days (the queued drop's old price).
 */
export function dropReference(told: number | null, toldAt: string | null, low: number, now: Date): number {
  return told !== null && toldAt !== null && now.getTime() - Date.parse(toldAt) <= toldWindowMs ? told : low;
}

/** Whether a cut is news to the buyer: at least 1 % or 100 € (the smaller) under the price it is told from. */
export function worthEmailing(reference: number, newPrice: number): boolean {
  return reference - newPrice >= Math.min(Math.round(reference / 100), 10_000);
}

/** One buyer's e-mail: each favourite that dropped, from the first price to the last, with its link. */
export function priceDropEmail(drops: readonly Drop[], favouritesUrl: string) {
  const line = (d: Drop) =>
    `${d.title}: ${formatPrice(d.oldPrice)} → ${formatPrice(d.newPrice)} (−${formatPrice(d.oldPrice - d.newPrice)})`;
  const one = drops.length === 1;
  const subject =
    one && drops[0] ? `Cena znižana: ${drops[0].title}` : `Znižane cene priljubljenih oglasov (${drops.length})`;
  const intro = one ? "Cena vašega priljubljenega oglasa je nižja:" : "Cene vaših priljubljenih oglasov so nižje:";
  const text = `${intro}\n\n${drops.map((d) => `• ${line(d)}\n  ${d.url}`).join("\n")}\n\nObvestila o znižanju cene vklopite ali izklopite na strani Priljubljeni oglasi: ${favouritesUrl}`;
  const items = drops
    .map(
      (d) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(d.url)}" style="color:#0f172a;font-weight:600">${escapeHtml(d.title)}</a><br><s>${escapeHtml(formatPrice(d.oldPrice))}</s> <strong style="font-size:18px">${escapeHtml(formatPrice(d.newPrice))}</strong> <span style="color:#15803d">−${escapeHtml(formatPrice(d.oldPrice - d.newPrice))}</span></li>`,
    )
    .join("");
  const html = `<!doctype html><html lang="sl"><body style="font-family:Arial,sans-serif;color:#0f172a"><p>${intro}</p><ul style="padding-left:18px">${items}</ul><p style="font-size:12px;color:#64748b">Obvestila o znižanju cene vklopite ali izklopite na strani <a href="${escapeHtml(favouritesUrl)}">Priljubljeni oglasi</a>.</p></body></html>`;
  return { subject, text, html };
}

/** Sends every queued drop (in rounds of 100) as one e-mail per buyer; answers how many e-mails went. */
export async function deliverPriceDrops(
  db: Db,
  mail: EmailProvider,
  siteUrl: string,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  let failed = false;
  for (;;) {
    const claimed = await claimPriceDrops(db, 100);
    if (claimed.length === 0) return sent;
    const recipients = await priceDropRecipients(db, claimed);
    const byUser = new Map<number, { email: string; drops: Map<number, Drop> }>();
    for (const d of claimed) {
      const r = recipients.find((x) => x.userId === d.userId && x.postingId === d.postingId);
      if (!r?.email || r.status !== "PUBLISHED") continue;
      const entry = byUser.get(d.userId) ?? { email: r.email, drops: new Map<number, Drop>() };
      const earlier = entry.drops.get(d.postingId);
      // From the first price before the drops to the price it has now (a later rise is part of the news).
      entry.drops.set(d.postingId, {
        postingId: d.postingId,
        title: [r.make, r.model, r.trimName].filter(Boolean).join(" ") || "Oglas",
        oldPrice: earlier?.oldPrice ?? dropReference(r.told, r.toldAt, d.oldPrice, now),
        newPrice: r.price ?? d.newPrice,
        url: `${siteUrl}/oglas/${d.postingId}`,
      });
      byUser.set(d.userId, entry);
    }
    for (const [userId, { email, drops }] of byUser) {
      // A drop taken back (down, then up again to the first price or above) is no news; nor a cut of a few euros
      // (under 1 % or 100 € below the price last told): ten 1 € cuts are no ten e-mails (decision 088, session 23).
      const real = [...drops.values()].filter((d) => worthEmailing(d.oldPrice, d.newPrice));
      if (real.length === 0) continue;
      const favouritesUrl = `${siteUrl}/uporabnik/priljubljeni-oglasi`;
      try {
        await mail.send({ to: email, ...priceDropEmail(real, favouritesUrl), link: favouritesUrl });
        sent++;
        for (const d of real) await rememberPriceTold(db, userId, d.postingId, d.newPrice, now);
      } catch (error) {
        // One buyer's failed delivery neither loses the others' nor this one's: their drops wait for the next drain.
        console.error("price drop e-mail", error);
        await requeuePriceDrops(
          db,
          claimed.filter((d) => d.userId === userId),
        );
        failed = true;
      }
    }
    if (failed) return sent;
  }
}
