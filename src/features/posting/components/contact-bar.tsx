import type { ReactNode } from "react";
import { PhoneIcon } from "~/components/ui/icons";
import { m } from "~/paraglide/messages";

/**
 * The phone's contact bar on a posting (below 992 px, decision 065): call (a real `tel:` link, so it works before
 * hydration), message (to the inquiry form, `#povprasevanje`) and the route's favourite heart. Sticky at the foot of
 * the posting, just above the bottom navigation and the safe area; it sits in the page's flow at the end of the
 * posting, so it never covers the posting's last lines or the footer.
 */
export function ContactBar({ phone, favourite }: { phone: string | null; favourite: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={m.contact_bar_label()}
      data-testid="contact-bar"
      className="sticky bottom-[calc(3.4rem+env(safe-area-inset-bottom))] z-20 -mx-4 flex items-center gap-2 border-t border-line bg-white/95 px-[max(1rem,env(safe-area-inset-left))] py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.06)] backdrop-blur desk:hidden"
    >
      {phone ? (
        <a href={`tel:${phone}`} className="btn-primary min-h-11 flex-1 justify-center">
          <PhoneIcon /> {m.contact_bar_call()}
        </a>
      ) : null}
      <a href="#povprasevanje" className="btn-outline min-h-11 flex-1 justify-center">
        {m.seller_send_message()}
      </a>
      {/* The heart comes from the route (decision 057); its target is made 44 × 44 here. */}
      <div className="shrink-0 empty:hidden [&>*]:size-11">{favourite}</div>
    </div>
  );
}
