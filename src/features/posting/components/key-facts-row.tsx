import { keyFacts } from "~/domain/key-facts";
import type { PostingDetail } from "~/domain/posting-detail";

/**
 * The facts a buyer reads first, right under the price (issue 24): first registration, mileage, fuel, power,
 * gearbox and body, three to a row, each with the spec table's label over its value.
 */
export function KeyFactsRow({ posting }: { posting: Pick<PostingDetail, "vehicle"> }) {
  const facts = keyFacts(posting);
  if (facts.length === 0) return null;
  return (
    <dl className="grid grid-cols-3 gap-x-3 gap-y-2 rounded-lg bg-surface p-3" data-testid="key-facts">
      {facts.map((f) => (
        <div key={f.key} className="min-w-0" data-fact={f.key}>
          <dt className="text-xs leading-tight text-muted">{f.label}</dt>
          <dd className="text-sm font-semibold leading-snug break-words hyphens-auto">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
