import { formatPrice } from "~/domain/format";
import { plural } from "~/domain/plural";
import { type PriceDisplayInput, priceText } from "~/domain/price-display";
import { escapeHtml } from "~/lib/html";
import { m } from "~/paraglide/messages";

/** A new car of the search, its price as its card shows it ("Po dogovoru", a special price, rental). */
export type AlertHit = { title: string; price: PriceDisplayInput; url: string; imageUrl: string | null };
/** A car of the search that got cheaper: `price` is what it costs now, `oldPrice` the low it dropped from (cents). */
export type AlertDrop = { title: string; price: number; oldPrice: number; url: string; imageUrl: string | null };

const vehicles = { one: "{n} vozilo", two: "{n} vozili", few: "{n} vozila", other: "{n} vozil" };
const newVehicles = {
  one: "{n} novo vozilo",
  two: "{n} novi vozili",
  few: "{n} nova vozila",
  other: "{n} novih vozil",
};
const price = (p: PriceDisplayInput) => priceText(p);

/** One car's row: its photo and title as links, then `body` (its price, or the price and the drop). */
function row(h: { title: string; url: string; imageUrl: string | null }, body: string) {
  const photo = h.imageUrl
    ? `<img src="${escapeHtml(h.imageUrl)}" alt="" width="160" height="120" style="display:block;width:160px;height:120px;object-fit:cover;border-radius:6px">`
    : "";
  return `<tr><td style="padding:8px 12px 8px 0;vertical-align:top"><a href="${escapeHtml(h.url)}">${photo}</a></td><td style="padding:8px 0;vertical-align:top"><a href="${escapeHtml(h.url)}" style="color:#0f172a;font-weight:600;text-decoration:none">${escapeHtml(h.title)}</a><br>${body}</td></tr>`;
}

const amount = (text: string) => `<span style="font-size:18px;font-weight:700">${escapeHtml(text)}</span>`;
const section = (heading: string, rows: string) =>
  `<h2 style="font-size:18px;margin:20px 0 4px">${heading}</h2><table role="presentation" cellpadding="0" cellspacing="0">${rows}</table>`;

/**
 * The daily alert for one saved search (decisions 067, 088): the new hits, and the cars already in it whose price
 * came down, each with its photo, title, price and link (a drop also with the old price struck through and by how
 * much), as HTML with a plain-text alternative. Every URL is absolute on the site's public origin.
 */
export function savedSearchAlertEmail(a: {
  name: string;
  count: number;
  hits: AlertHit[];
  dropCount: number;
  drops: AlertDrop[];
  searchUrl: string;
  unsubscribeUrl: string;
}) {
  const news = a.count > 0 ? plural(a.count, newVehicles) : null;
  const cheaper = a.dropCount > 0 ? `${plural(a.dropCount, vehicles)} z znižano ceno` : null;
  const intro = `Za vaše shranjeno iskanje »${a.name}« smo našli ${[news, cheaper].filter(Boolean).join(" in ")}.`;
  const subject = news ? (cheaper ? "Novi zadetki in nižje cene" : "Novi zadetki") : "Nižje cene";
  const cut = (d: AlertDrop) => m.card_price_drop({ amount: formatPrice(d.oldPrice - d.price) });
  const rest = a.dropCount - a.drops.length;
  const more = rest > 0 ? `Še ${plural(rest, vehicles)} z znižano ceno.` : null;

  const textParts = [intro];
  if (a.hits.length > 0)
    textParts.push(`Novi zadetki:\n${a.hits.map((h) => `• ${h.title} – ${price(h.price)}\n  ${h.url}`).join("\n")}`);
  if (a.drops.length > 0)
    textParts.push(
      `Cena znižana:\n${a.drops
        .map((d) => `• ${d.title} – ${formatPrice(d.price)}, prej ${formatPrice(d.oldPrice)} (${cut(d)})\n  ${d.url}`)
        .join("\n")}${more ? `\n${more}` : ""}`,
    );
  textParts.push(`Vsi zadetki: ${a.searchUrl}`, `Obvestil ne želite več? Odjava: ${a.unsubscribeUrl}`);

  const hitRows = a.hits.map((h) => row(h, amount(price(h.price)))).join("");
  const dropRows = a.drops
    .map((d) =>
      row(
        d,
        `${amount(formatPrice(d.price))} <s style="color:#64748b">${escapeHtml(formatPrice(d.oldPrice))}</s><br><span style="color:#15803d">${escapeHtml(cut(d))}</span>`,
      ),
    )
    .join("");
  const html = `<!doctype html><html lang="sl"><body style="font-family:Arial,sans-serif;color:#0f172a"><p>${escapeHtml(intro)}</p>${
    a.hits.length > 0 ? section("Novi zadetki", hitRows) : ""
  }${a.drops.length > 0 ? section("Cena znižana", dropRows) + (more ? `<p>${escapeHtml(more)}</p>` : "") : ""}<p><a href="${escapeHtml(a.searchUrl)}">Vsi zadetki</a></p><p style="font-size:12px;color:#64748b">Obvestil ne želite več? <a href="${escapeHtml(a.unsubscribeUrl)}">Odjava</a></p></body></html>`;
  return { subject: `${subject}: ${a.name}`, text: textParts.join("\n\n"), html };
}
