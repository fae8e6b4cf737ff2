import { formatPhone } from "~/domain/phone";
import { PhoneIcon, StoreIcon } from "~/components/ui/icons";
import { regionLabels } from "~/domain/enums/dealer";
import { labelOf } from "~/domain/enums/labels";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

/** The number a buyer calls: the posting's salesperson's, else the posting's contact phone. */
export const sellerPhone = ({ seller }: Pick<PostingDetail, "seller">) =>
  seller.salesperson?.phone ?? seller.contact.phone;

/**
 * Dealer (logo, address, hours, link to the dealer page, salesperson) or private seller (region, contact).
 * The phone shows on "Pokaži telefonsko številko", a `<details>` that opens before hydration too (issue 24); a
 * message goes through the inquiry form under this section (`#povprasevanje`), so no seller's address is shown.
 */
export function SellerSection({ posting }: { posting: PostingDetail }) {
  const { seller } = posting;
  const dealer = seller.dealer;
  const phone = sellerPhone(posting);
  return (
    <section aria-labelledby="seller-title" className="card space-y-3 p-4" data-testid="seller">
      <h2 id="seller-title" className="text-lg font-semibold">
        {dealer ? m.seller_dealer_title() : m.seller_private_title()}
      </h2>
      {dealer ? (
        <div className="flex items-start gap-3">
          {dealer.logoUrl ? (
            <img src={dealer.logoUrl} alt="" width={64} height={64} className="size-16 rounded-md object-contain" />
          ) : (
            <StoreIcon width={40} height={40} className="text-brand-700" />
          )}
          <div className="text-sm">
            <p className="text-base font-semibold">{dealer.name}</p>
            {dealer.address ? <p>{dealer.address}</p> : null}
            {dealer.postalCode || dealer.city ? (
              <p>{[dealer.postalCode, dealer.city].filter(Boolean).join(" ")}</p>
            ) : null}
            <p className="text-muted" data-testid="seller-hours">
              {dealer.hours.summary.map((line, i) => (
                <span key={line}>
                  {i > 0 ? " · " : null}
                  <span className="whitespace-nowrap">{line}</span>
                </span>
              ))}
            </p>
            {dealer.code ? (
              <a
                href={`/trgovec/${encodeURIComponent(dealer.code)}`}
                className="mt-1 inline-block font-medium text-brand-700 underline"
              >
                {m.seller_dealer_link()}
              </a>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="text-sm">
          {seller.contact.name ? <p className="text-base font-semibold">{seller.contact.name}</p> : null}
          <p className="text-muted">
            {[seller.place, labelOf(regionLabels, seller.region)].filter(Boolean).join(", ")}
          </p>
        </div>
      )}
      {seller.salesperson?.name ? (
        <p className="text-sm">{m.seller_salesperson({ name: seller.salesperson.name })}</p>
      ) : null}
      {seller.contacts.length ? (
        <div className="border-t border-line pt-3">
          <h3 className="text-sm font-semibold">{m.dpeople_seller_contacts()}</h3>
          <ul className="mt-1 space-y-2 text-sm" data-testid="seller-contacts">
            {seller.contacts.map((c, i) => (
              <li key={`${c.name}-${i}`}>
                <p className="font-medium">{c.name}</p>
                {c.comment ? <p className="text-muted">{c.comment}</p> : null}
                <p className="flex flex-wrap gap-x-3">
                  {c.phone ? (
                    <a className="text-brand-700 underline" href={`tel:${c.phone}`}>
                      {formatPhone(c.phone)}
                    </a>
                  ) : null}
                  {c.email ? (
                    <a className="break-all text-brand-700 underline" href={`mailto:${c.email}`}>
                      {c.email}
                    </a>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {phone ? (
        <details
          className="group"
          onToggle={(e) => {
            if (e.currentTarget.open) e.currentTarget.querySelector("a")?.focus();
          }}
        >
          <summary className="btn-primary w-full cursor-pointer list-none justify-center py-2.5 group-open:hidden [&::-webkit-details-marker]:hidden">
            <PhoneIcon /> {m.seller_show_phone()}
          </summary>
          <a href={`tel:${phone}`} className="btn-primary w-full justify-center py-2.5" data-testid="seller-phone">
            <PhoneIcon /> {formatPhone(phone)}
          </a>
        </details>
      ) : null}
      <a href="#povprasevanje" className="btn-outline w-full justify-center">
        {m.seller_send_message()}
      </a>
    </section>
  );
}
