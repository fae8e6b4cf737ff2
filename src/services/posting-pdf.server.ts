import type { SessionUser } from "~/domain/session";
import { appConfig } from "~/app.config";
import type { Db } from "~/db/client.server";
import { equipmentLabels, type EquipmentCode } from "~/domain/equipment";
import { AppError } from "~/domain/errors";
import { regionLabels } from "~/domain/enums/dealer";
import { labelOf } from "~/domain/enums/labels";
import { rentalIntervalLabels } from "~/domain/enums/posting";
import { formatRate, offerLine } from "~/domain/financing";
import { formatDate } from "~/domain/format";
import type { PostingDetail } from "~/domain/posting-detail";
import { priceDisplay } from "~/domain/price-display";
import { keyFacts } from "~/domain/key-facts";
import { specGroups } from "~/domain/spec-rows";
import { postingTitle } from "~/domain/posting-meta";
import { m } from "~/paraglide/messages";
import type { PostingSheet } from "./pdf/posting-sheet.server";
import { getPostingDetail } from "./posting-detail.server";
import { sheetPhotos } from "./posting-pdf-photos.server";

const maxImages = 8;

/** The sheet's content from the posting page's data: same labels, same price rules. */
export function sheetOf(p: PostingDetail, siteUrl: string, now: Date, images: PostingSheet["images"]): PostingSheet {
  const price = priceDisplay(p);
  const priceLines = [
    price.main ??
      (price.rental
        ? m.price_rental({
            price: price.rental.price,
            interval: labelOf(rentalIntervalLabels, price.rental.interval) ?? "",
          })
        : ""),
    price.oldPrice ? m.price_old({ price: price.oldPrice }) : null,
    price.main && price.rental
      ? m.price_rental({
          price: price.rental.price,
          interval: labelOf(rentalIntervalLabels, price.rental.interval) ?? "",
        })
      : null,
    ...p.financingOffers
      .slice(0, 1)
      .map(
        (o) =>
          offerLine(o) +
          (o.annualRateBasisPoints !== null
            ? `, ${m.financing_offer_rate({ rate: formatRate(o.annualRateBasisPoints) })}`
            : ""),
      ),
  ].filter((l): l is string => Boolean(l));
  // "Ključni podatki" (issue 24): the key facts first, then every other row of the basic, engine and body tables;
  // the sheet lays them out in as many columns as it takes, so none is cut off.
  const key = keyFacts(p).map((f): [string, string] => [f.label, f.value]);
  const shown = new Set(key.map(([label]) => label));
  const facts = [
    ...key,
    ...specGroups(p)
      .filter((g) => g.key === "basic" || g.key === "engine" || g.key === "body")
      .flatMap((g) => g.rows)
      .filter(([label]) => !shown.has(label)),
  ];
  const dealer = p.seller.dealer;
  const sellerLines = [
    dealer?.address ?? null,
    dealer
      ? [dealer.postalCode, dealer.city].filter(Boolean).join(" ") || null
      : [p.seller.place, labelOf(regionLabels, p.seller.region)].filter(Boolean).join(", ") || null,
    p.seller.salesperson?.name ? m.seller_salesperson({ name: p.seller.salesperson.name }) : null,
    p.seller.salesperson?.phone ?? p.seller.contact.phone,
    // A private seller's address is never printed (decision 065), not even on the seller's own sheet.
    dealer ? p.seller.contact.email : null,
  ].filter((l): l is string => Boolean(l));
  return {
    title: postingTitle(p),
    subtitle: p.seriesName && p.seriesName !== p.modelName ? p.seriesName : null,
    priceLines,
    facts,
    equipment: p.equipment.map((e) => e.descriptor?.name ?? equipmentLabels[e.code as EquipmentCode] ?? e.code),
    seller: { name: dealer?.name ?? p.seller.contact.name ?? m.seller_private_title(), lines: sellerLines },
    url: `${siteUrl}/oglas/${p.postId}`,
    productName: appConfig.name,
    dateText: formatDate(now),
    labels: {
      facts: m.pdf_facts(),
      equipment: m.equipment_title(),
      seller: p.seller.type === "dealer" ? m.seller_dealer_title() : m.seller_private_title(),
      scan: m.pdf_scan(),
      unprintable: m.pdf_photo_unprintable(),
    },
    images,
  };
}

/**
 * `GET postings/{code}/download-pdf`: the A4 sheet with photos, facts, equipment, seller and a QR code to the posting.
 * `siteUrl` is the site's public origin (`SITE_URL`, else the request's): the QR code and the printed link use it.
 * The photos come in the gallery's order (the cover first), each downscaled for print through `images` when bound.
 */
export async function postingPdf(
  db: Db,
  files: { media: R2Bucket; images?: ImagesBinding },
  codeOrId: string,
  viewer: SessionUser | null,
  siteUrl: string,
  now = new Date(),
) {
  const posting = await getPostingDetail(db, codeOrId, viewer, { countView: false }, now);
  const images = await sheetPhotos(files.media, files.images, posting.pictures.slice(0, maxImages));
  try {
    // pdf-lib, fontkit, qrcode and the fonts load with the first sheet, never at the Worker's start-up (decision 079).
    const [{ renderPostingSheet }, { loadSheetFonts }] = await Promise.all([
      import("./pdf/posting-sheet.server"),
      import("./pdf/fonts.server"),
    ]);
    const bytes = await renderPostingSheet(sheetOf(posting, siteUrl, now, images), await loadSheetFonts());
    return { bytes, filename: `avtotrg-${posting.code}.pdf` };
  } catch (error) {
    console.error("pdf sheet", posting.code, error);
    throw new AppError(500, m.pdf_failed(), { code: "PDF_FAILED" });
  }
}
