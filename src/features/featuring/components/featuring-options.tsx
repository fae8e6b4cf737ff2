import { useId } from "react";
import { formatDate, formatNumber, formatPrice } from "~/domain/format";
import type { FeaturingChoice, PackageOptions, PostingPricing, PricingOption } from "~/domain/featuring";
import { daysLabel, packageDescriptions, packageNames } from "~/domain/featuring-labels";
import { m } from "~/paraglide/messages";

const usable = (p: PackageOptions) => p.available && p.options.some((o) => o.available);

/** The first option that can be bought: the current package when topping up, else the first package. */
export function defaultChoice(pricing: PostingPricing): FeaturingChoice | null {
  const packages = [...pricing.packages].sort(
    (a, b) => Number(b.package === pricing.featuredPackage) - Number(a.package === pricing.featuredPackage),
  );
  const pkg = packages.find(usable);
  const option = pkg?.options.find((o) => o.available);
  return pkg && option ? { package: pkg.package, days: option.days } : null;
}

export function selectedOption(pricing: PostingPricing, choice: FeaturingChoice | null): PricingOption | null {
  if (!choice) return null;
  return (
    pricing.packages
      .find((p) => p.package === choice.package)
      ?.options.find((o) => o.days === choice.days && o.available) ?? null
  );
}

/** "Za plačilo: 3,50 €", "Brezplačno" or the credit days it uses. */
export function summaryOf(option: PricingOption): string {
  if (option.free) return m.feat_summary_free();
  if (option.coveredByCreditDays) return m.feat_summary_credit({ days: daysLabel(option.days) });
  return m.feat_summary_total({ total: formatPrice(option.total) });
}

/**
 * The featuring options of one posting: the current state (featured until, credit days), the
 * packages (members' package locked without a membership number) and the day choices with price
 * per day and total; choices past the 180-day cap are disabled. `allowNone` adds "no featuring"
 * (the wizard's last step).
 */
export function FeaturingOptions({
  pricing,
  value,
  onChange,
  allowNone = false,
}: {
  pricing: PostingPricing;
  value: FeaturingChoice | null;
  onChange: (choice: FeaturingChoice | null) => void;
  allowNone?: boolean;
}) {
  const id = useId();
  const current = value ? pricing.packages.find((p) => p.package === value.package) : undefined;
  const option = selectedOption(pricing, value);

  function pickPackage(p: PackageOptions) {
    const keep = p.options.find((o) => o.available && o.days === value?.days);
    const first = keep ?? p.options.find((o) => o.available);
    if (first) onChange({ package: p.package, days: first.days });
  }

  return (
    <div className="space-y-5" data-testid="featuring-options">
      {pricing.remainingDays > 0 && pricing.featuredUntil ? (
        <div className="rounded-lg bg-accent-500/15 p-3 text-sm" data-testid="featuring-state">
          <p className="font-semibold">
            {m.feat_featured_until({
              date: formatDate(pricing.featuredUntilDay ?? pricing.featuredUntil),
              days: daysLabel(pricing.remainingDays),
            })}
          </p>
          <p>
            {pricing.featuredCancelled
              ? m.feat_cancelled_note()
              : pricing.maxDays > 0
                ? m.feat_topup_note()
                : m.feat_cap_reached()}
          </p>
        </div>
      ) : null}
      {pricing.creditDays !== null ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm" data-testid="credit-days">
          {m.feat_credit_days({ count: formatNumber(pricing.creditDays) })}
        </p>
      ) : null}

      <fieldset>
        <legend className="mb-2 text-lg font-semibold">{m.feat_package_legend()}</legend>
        <div className="grid gap-3 desk:grid-cols-3">
          {allowNone ? (
            <label
              className={`card flex cursor-pointer gap-3 p-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500 ${value === null ? "border-brand-500 ring-2 ring-brand-500" : ""}`}
            >
              <input
                type="radio"
                name={`${id}-package`}
                className="mt-1 size-4 accent-brand-600"
                checked={value === null}
                onChange={() => onChange(null)}
              />
              <span>
                <span className="block font-semibold">{m.feat_none()}</span>
                <span className="block text-sm text-muted">{m.feat_none_text()}</span>
              </span>
            </label>
          ) : null}
          {pricing.packages.map((p) => {
            const disabled = !usable(p);
            const checked = value?.package === p.package;
            return (
              <label
                key={p.package}
                className={`card flex gap-3 p-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500 ${disabled ? "cursor-not-allowed bg-surface opacity-80" : "cursor-pointer"} ${checked ? "border-brand-500 ring-2 ring-brand-500" : ""}`}
              >
                <input
                  type="radio"
                  name={`${id}-package`}
                  className="mt-1 size-4 accent-brand-600"
                  checked={checked}
                  disabled={disabled}
                  aria-describedby={`${id}-${p.package}-desc`}
                  onChange={() => pickPackage(p)}
                />
                <span>
                  <span className="block font-semibold">{packageNames[p.package]()}</span>
                  <span className="block text-sm font-medium text-brand-700">
                    {m.feat_price_from({ price: formatPrice(p.pricePerDayFrom) })}
                  </span>
                  <span id={`${id}-${p.package}-desc`} className="mt-1 block text-sm text-muted">
                    {packageDescriptions[p.package]()}
                    {p.unavailableReason === "MEMBERSHIP_UNVERIFIED" ? (
                      <span className="mt-1 block font-medium text-ink" data-testid="membership-unverified">
                        {m.feat_membership_unverified()}
                      </span>
                    ) : null}
                    {p.unavailableReason === "MEMBERSHIP_REQUIRED" ? (
                      <span className="mt-1 block font-medium text-ink">
                        {m.feat_membership_required()}{" "}
                        <a className="underline" href="/uporabnik/profil">
                          {m.feat_membership_link()}
                        </a>
                      </span>
                    ) : null}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {current ? (
        <fieldset>
          <legend className="mb-2 text-lg font-semibold">{m.feat_days_legend()}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 desk:grid-cols-3">
            {current.options.map((o) => {
              const checked = value?.days === o.days;
              const note = !o.available
                ? m.feat_option_over_cap()
                : o.free
                  ? m.feat_option_free()
                  : o.coveredByCreditDays
                    ? m.feat_option_credit()
                    : m.feat_option_total({ total: formatPrice(o.total) });
              return (
                <label
                  key={o.days}
                  className={`flex items-center gap-3 rounded-lg border p-3 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500 ${o.available ? "cursor-pointer bg-white" : "cursor-not-allowed bg-surface text-muted"} ${checked ? "border-brand-500 ring-2 ring-brand-500" : "border-line"}`}
                >
                  <input
                    type="radio"
                    name={`${id}-days`}
                    className="size-4 accent-brand-600"
                    checked={checked}
                    disabled={!o.available}
                    onChange={() => onChange({ package: current.package, days: o.days })}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-semibold">{daysLabel(o.days)}</span>
                      <span className="text-sm font-medium">{note}</span>
                    </span>
                    <span className="block text-sm text-muted">
                      {o.free ? m.feat_option_free() : m.feat_price_per_day({ price: formatPrice(o.pricePerDay) })}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      {option ? (
        <p className="text-lg font-bold" data-testid="featuring-summary" aria-live="polite">
          {summaryOf(option)}
        </p>
      ) : null}
    </div>
  );
}
