import { type KeyFact, type KeyFactKey, keyFacts } from "~/domain/key-facts";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

const shortLabel: Record<KeyFactKey, () => string> = {
  firstRegistration: m.posting_fact_first_registration,
  modelYear: m.posting_fact_year,
  odometerKm: m.posting_fact_mileage,
  fuel: m.posting_fact_fuel,
  powerKw: m.posting_fact_power,
  transmission: m.posting_fact_transmission,
  bodyType: m.posting_fact_body,
};

/** The facts a buyer reads first, right under the price (issue 24): three to a row, short labels over the values. */
export function KeyFactsRow({ posting }: { posting: Pick<PostingDetail, "vehicle"> }) {
  const facts: KeyFact[] = keyFacts(posting);
  if (facts.length === 0) return null;
  return (
    <dl
      aria-label={m.posting_facts_label()}
      className="grid grid-cols-3 gap-x-3 gap-y-2 rounded-lg bg-surface p-3"
      data-testid="key-facts"
    >
      {facts.map((f) => (
        <div key={f.key} className="min-w-0" data-fact={f.key}>
          <dt className="text-xs text-muted">{shortLabel[f.key]()}</dt>
          <dd className="text-sm font-semibold leading-snug">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
