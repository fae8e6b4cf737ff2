import { energyClassColor, energyClassFromCo2 } from "~/domain/energy-class";
import { webHref } from "~/domain/web-address";
import { labelOf } from "~/domain/enums/labels";
import { energyClasses, euroStandardLabels, type EnergyClass } from "~/domain/enums/vehicle";
import { formatConsumption, formatNumber } from "~/domain/format";
import { postingCompleteness } from "~/domain/posting-completeness";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

const channels = (hex: string) => [0, 1, 2].map((i) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16));

/** The colour as a light tint: this share of it over white. */
const tint = (hex: string, share: number) =>
  `rgb(${channels(hex)
    .map((c) => Math.round(c * share + 255 * (1 - share)))
    .join(" ")})`;

/** White text has at least 4.5:1 contrast (WCAG AA) on this #rrggbb background. */
function whiteReadableOn(hex: string) {
  const [r = 0, g = 0, b = 0] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= 4.5;
}

/** Environmental impact: the efficiency class on the A+ … G scale, combined consumption, CO2, emission standard. */
export function EnvironmentWidget({ posting }: { posting: PostingDetail }) {
  const v = posting.vehicle;
  const stored = (energyClasses as readonly string[]).includes(v.energyClass ?? "")
    ? (v.energyClass as EnergyClass)
    : null;
  const cls = stored ?? (v.fuel === "ELECTRIC" ? "A+" : energyClassFromCo2(v.co2));
  if (!cls && v.co2 === null && v.consumptionCombined === null) return null;
  return (
    <section aria-labelledby="environment-title" className="card space-y-3 p-4" data-testid="environment">
      <h2 id="environment-title" className="text-lg font-semibold">
        {m.environment_title()}
      </h2>
      {cls ? (
        <ol className="flex gap-1" aria-label={m.environment_class({ cls })}>
          {energyClasses.map((c) => (
            <li
              key={c}
              aria-current={c === cls ? "true" : undefined}
              className={`grid h-8 flex-1 place-items-center rounded text-xs font-bold ${c === cls ? "scale-110 ring-2 ring-ink" : ""} ${c === cls && whiteReadableOn(energyClassColor(c)) ? "text-white" : "text-ink"}`}
              // The other classes are a faded tint; every letter keeps at least 4.5:1 contrast (dark on the light hues, white on a dark one).
              style={{ backgroundColor: c === cls ? energyClassColor(c) : tint(energyClassColor(c), 0.45) }}
            >
              {c}
            </li>
          ))}
        </ol>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {v.consumptionCombined !== null ? (
          <div>
            <dt className="text-muted">{m.spec_consumption_combined()}</dt>
            <dd className="font-medium">
              {v.fuel === "ELECTRIC"
                ? m.value_kwh_per_100({ value: formatNumber(v.consumptionCombined, 1) })
                : formatConsumption(v.consumptionCombined)}
            </dd>
          </div>
        ) : null}
        {v.co2 !== null ? (
          <div>
            <dt className="text-muted">{m.spec_co2()}</dt>
            <dd className="font-medium">{m.value_co2({ value: String(v.co2) })}</dd>
          </div>
        ) : null}
        {v.euroStandard ? (
          <div>
            <dt className="text-muted">{m.spec_euro()}</dt>
            <dd className="font-medium">{labelOf(euroStandardLabels, v.euroStandard) ?? v.euroStandard}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

const completenessLabels = {
  equipment: m.completeness_equipment,
  description: m.completeness_description,
  exteriorImages: m.completeness_exterior,
  interiorImages: m.completeness_interior,
  serviceInvoices: m.completeness_invoices,
} as const;

/** Posting completeness as a percentage, with what is there and what is missing. */
export function CompletenessWidget({ posting }: { posting: PostingDetail }) {
  const result = postingCompleteness({
    equipmentCount: posting.equipment.length,
    descriptionLength: posting.description?.trim().length ?? 0,
    exteriorImages: posting.pictures.filter((p) => p.fileType === "EXTERIOR_PICTURE").length,
    interiorImages: posting.pictures.filter((p) => p.fileType === "INTERIOR_PICTURE").length,
    serviceInvoices: posting.documents.filter((d) =>
      ["INVOICE", "SERVICE_BOOKLET", "SERVICEBOOKLET", "VEHICLE_INSPECTION_REPORT"].includes(d.fileType),
    ).length,
  });
  return (
    <section aria-labelledby="completeness-title" className="card space-y-2 p-4" data-testid="completeness">
      <h2 id="completeness-title" className="text-lg font-semibold">
        {m.completeness_title({ percent: String(result.percent) })}
      </h2>
      <div
        className="h-2 overflow-hidden rounded-full bg-surface"
        role="progressbar"
        aria-valuenow={result.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={m.completeness_bar()}
      >
        <div className="h-full bg-brand-600" style={{ width: `${result.percent}%` }} />
      </div>
      <ul className="text-sm">
        {result.items.map((i) => (
          <li key={i.key} className={i.done ? "" : "text-muted"}>
            <span aria-hidden="true" className={i.done ? "text-brand-600" : "text-danger"}>
              {i.done ? "✓ " : "✗ "}
            </span>
            {completenessLabels[i.key]()}
            <span className="sr-only">{i.done ? m.completeness_done() : m.completeness_missing()}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A magazine article under the posting. */
export function ArticleWidget({ article }: { article: PostingDetail["article"] }) {
  if (!article) return null;
  return (
    <section aria-labelledby="article-title" className="card overflow-hidden">
      {article.imageUrl ? (
        <img
          src={article.imageUrl}
          alt=""
          width={600}
          height={300}
          loading="lazy"
          className="aspect-[2/1] w-full object-cover"
        />
      ) : null}
      <div className="space-y-1 p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-600">{m.article_kicker()}</p>
        <h2 id="article-title" className="text-lg font-semibold">
          {article.title}
        </h2>
        {article.summary ? <p className="text-sm text-muted">{article.summary}</p> : null}
        {webHref(article.link) ? (
          <a href={webHref(article.link) ?? undefined} className="text-sm font-medium text-brand-700 underline">
            {m.article_more()}
          </a>
        ) : null}
      </div>
    </section>
  );
}
