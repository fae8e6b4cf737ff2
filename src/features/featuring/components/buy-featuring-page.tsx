import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Modal } from "~/components/modal";
import { FormError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { pricingItemsQueryOptions } from "../featuring.queries";
import { useAbandonCheckout } from "../use-abandon-checkout";
import { useBuyFeaturing, useCancelFeaturing } from "../use-buy-featuring";
import type { FeaturingChoice, PostingPricing } from "~/domain/featuring";
import { defaultChoice, FeaturingOptions, selectedOption } from "./featuring-options";

/** The earlier choice when it can still be bought, else the usual default. */
function initialChoice(pricing: PostingPricing, earlier: FeaturingChoice | null) {
  const usable = pricing.packages.find((p) => p.package === earlier?.package)?.available;
  return usable && selectedOption(pricing, earlier) ? earlier : defaultChoice(pricing);
}

/**
 * /oglasevanje/{postId}: choose package and days, see the total, buy; cancel a running featuring. Back from a
 * cancelled checkout (`cancelled`) it says so, without an error's tone, with the earlier choice (decision 062).
 */
export function BuyFeaturingPage({
  postId,
  cancelled = false,
  earlierChoice = null,
}: {
  postId: string;
  cancelled?: boolean;
  earlierChoice?: FeaturingChoice | null;
}) {
  const { data: pricing } = useSuspenseQuery(pricingItemsQueryOptions(postId));
  const { buy, busy } = useBuyFeaturing();
  const [choice, setChoice] = useState<FeaturingChoice | null>(() => initialChoice(pricing, earlierChoice));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [cancelResult, setCancelResult] = useState<{ ok: boolean } | null>(null);
  const cancelFeaturing = useCancelFeaturing(postId, (ok) => setCancelResult({ ok }));
  const option = selectedOption(pricing, choice);
  // Back with "cancel" while the checkout is still open at the provider: close it, so paying again works at once.
  const abandonCheckout = useAbandonCheckout(postId);
  const stillOpen = cancelled && pricing.openCheckout;
  const abandoned = useRef(false);
  useEffect(() => {
    if (!stillOpen || abandoned.current) return;
    abandoned.current = true;
    void abandonCheckout(pricing.code);
  }, [stillOpen, abandonCheckout, pricing.code]);

  async function submit() {
    if (!choice) return;
    setError(null);
    const message = await buy(pricing.postId, choice);
    // Still here: a refusal to show (a redirect otherwise left the page).
    if (message) setError(message);
  }

  async function cancel() {
    setConfirming(false);
    await cancelFeaturing(pricing.code);
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold desk:text-3xl">{m.feat_buy_heading()}</h1>
        {pricing.title ? <p className="mt-1 text-muted">{m.feat_buy_for({ title: pricing.title })}</p> : null}
        <a className="mt-1 inline-block text-sm underline" href="/oglasujte">
          {m.feat_more_info()}
        </a>
      </div>

      {cancelled ? (
        <p role="status" className="rounded-lg border border-line bg-white p-3 text-sm" data-testid="payment-cancelled">
          <strong className="font-semibold">{m.feat_payment_cancelled()}</strong> {m.feat_payment_cancelled_text()}
        </p>
      ) : null}

      {cancelResult ? (
        <p
          role="status"
          className={`rounded-lg p-3 text-sm font-medium ${cancelResult.ok ? "bg-brand-50 text-brand-800" : "bg-danger/10 text-danger"}`}
        >
          {cancelResult.ok ? m.feat_cancel_success() : m.feat_cancel_failure()}
        </p>
      ) : null}

      {pricing.canBuy ? (
        <form
          className="card space-y-5 p-4 desk:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FeaturingOptions pricing={pricing} value={choice} onChange={setChoice} />
          {pricing.openCheckout && !error ? (
            <p role="note" className="rounded-lg bg-accent-500/15 p-3 text-sm" data-testid="checkout-open">
              {m.feat_checkout_open()}
            </p>
          ) : null}
          <FormError message={error} />
          <div className="flex flex-wrap items-center justify-end gap-3">
            <a className="btn-outline" href={`/oglas/${pricing.postId}`}>
              {m.feat_to_posting()}
            </a>
            <button type="submit" className="btn-accent px-6 py-3 text-base" disabled={busy || !option}>
              {busy
                ? m.feat_buy_busy()
                : option && !option.free && !option.coveredByCreditDays
                  ? m.feat_buy_pay()
                  : m.feat_buy_redeem()}
            </button>
          </div>
        </form>
      ) : (
        <p className="card p-4" role="note">
          {m.feat_not_published()}
        </p>
      )}

      {pricing.advertisingState === "ADVERTISED" ? (
        <section className="card space-y-3 p-4 desk:p-6" aria-labelledby="feat-cancel-heading">
          <h2 id="feat-cancel-heading" className="text-lg font-semibold">
            {m.feat_cancel_heading()}
          </h2>
          <p className="text-sm text-muted">{m.feat_cancel_text()}</p>
          <button type="button" className="btn-outline text-danger" onClick={() => setConfirming(true)}>
            {m.feat_cancel_button()}
          </button>
        </section>
      ) : null}

      <Modal open={confirming} onClose={() => setConfirming(false)} title={m.feat_cancel_confirm_title()}>
        <p>{m.feat_cancel_confirm_text()}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => setConfirming(false)}>
            {m.feat_cancel_keep()}
          </button>
          <button type="button" className="btn-primary bg-danger hover:bg-danger/90" onClick={() => void cancel()}>
            {m.feat_cancel_confirm()}
          </button>
        </div>
      </Modal>
    </div>
  );
}
