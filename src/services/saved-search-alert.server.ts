import { priceText } from "~/domain/price-display";
import { escapeHtml } from "~/lib/html";

export type AlertHit = { title: string; price: number | null; url: string; imageUrl: string | null };

/**
 * The daily alert for one saved search: each new hit with its photo, title, price and link, as HTML with a
 * plain-text alternative (decision 067). Every URL is absolute on the site's public origin.
 */
export function savedSearchAlertEmail(a: {
  name: string;
  count: number;
  hits: AlertHit[];
  searchUrl: string;
  unsubscribeUrl: string;
}) {
  const price = (p: number | null) => priceText({ priceType: null, price: p, specialPrice: null });
  const lines = a.hits.map((h) => `• ${h.title} – ${price(h.price)}\n  ${h.url}`);
  const text = `Za vaše shranjeno iskanje »${a.name}« smo našli nova vozila (${a.count}).\n\n${lines.join("\n")}\n\nVsi zadetki: ${a.searchUrl}\n\nObvestil ne želite več? Odjava: ${a.unsubscribeUrl}`;
  const rows = a.hits
    .map((h) => {
      const photo = h.imageUrl
        ? `<img src="${escapeHtml(h.imageUrl)}" alt="" width="160" height="120" style="display:block;width:160px;height:120px;object-fit:cover;border-radius:6px">`
        : "";
      return `<tr><td style="padding:8px 12px 8px 0;vertical-align:top"><a href="${escapeHtml(h.url)}">${photo}</a></td><td style="padding:8px 0;vertical-align:top"><a href="${escapeHtml(h.url)}" style="color:#0f172a;font-weight:600;text-decoration:none">${escapeHtml(h.title)}</a><br><span style="font-size:18px;font-weight:700">${escapeHtml(price(h.price))}</span></td></tr>`;
    })
    .join("");
  const html = `<!doctype html><html lang="sl"><body style="font-family:Arial,sans-serif;color:#0f172a"><p>Za vaše shranjeno iskanje »${escapeHtml(a.name)}« smo našli nova vozila (${a.count}).</p><table role="presentation" cellpadding="0" cellspacing="0">${rows}</table><p><a href="${escapeHtml(a.searchUrl)}">Vsi zadetki</a></p><p style="font-size:12px;color:#64748b">Obvestil ne želite več? <a href="${escapeHtml(a.unsubscribeUrl)}">Odjava</a></p></body></html>`;
  return { subject: `Novi zadetki: ${a.name}`, text, html };
}
