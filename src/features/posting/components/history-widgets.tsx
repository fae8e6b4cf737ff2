import { formatDate, formatDateMonthYear, formatMileage } from "~/domain/format";
import { inspectionDueDates, nextInspection } from "~/domain/inspections";
import { chartGeometry, odometerHistory } from "~/domain/odometer";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

const outcomeLabels: Record<string, () => string> = {
  PASSED: m.inspection_outcome_passed,
  PASSED_WITH_REMARKS: m.inspection_outcome_remarks,
  FAILED: m.inspection_outcome_failed,
};

const month = (ym: string) => formatDateMonthYear(`${ym}-15T12:00:00Z`);

/**
 * Technical inspections: the schedule (ages 4, 6, 8, then yearly) from the first registration, with the
 * recorded Slovenian inspection outcomes; the mileage record exists since 2015.
 */
export function InspectionsWidget({ posting, today }: { posting: PostingDetail; today: Date }) {
  const first = posting.vehicle.firstRegistration;
  let due: string[] = [];
  let next: string | null = null;
  try {
    if (first) {
      due = inspectionDueDates(first, today);
      next = nextInspection(first, today);
    }
  } catch {
    due = [];
  }
  const outcomes = posting.history.registrationOutcomes;
  return (
    <section aria-labelledby="inspections-title" className="card space-y-2 p-4">
      <h2 id="inspections-title" className="text-lg font-semibold">
        {m.inspections_title()}
      </h2>
      <p className="text-sm text-muted">{m.inspections_rule()}</p>
      {outcomes.length > 0 ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1 font-normal">{m.inspections_date()}</th>
              <th className="py-1 font-normal">{m.inspections_outcome()}</th>
              <th className="py-1 text-right font-normal">{m.inspections_km()}</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map((o) => (
              <tr key={`${o.date}-${o.outcome}`} className="border-t border-line">
                <td className="py-1">{formatDate(o.date)}</td>
                <td className="py-1">{outcomeLabels[o.outcome]?.() ?? o.outcome}</td>
                <td className="py-1 text-right">{o.km === null ? "–" : formatMileage(o.km)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : due.length > 0 ? (
        <p className="text-sm">{m.inspections_due_past({ months: due.map(month).join(", ") })}</p>
      ) : null}
      {next ? <p className="text-sm font-medium">{m.inspections_next({ month: month(next) })}</p> : null}
      <p className="text-xs text-muted">{m.inspections_since_2015()}</p>
    </section>
  );
}

/** Odometer readings by date as a line chart; a reading lower than an earlier one is flagged in red. */
export function OdometerChart({ readings }: { readings: PostingDetail["history"]["odometer"] }) {
  if (readings.length === 0) return null;
  const [w, h, pad] = [600, 220, 36];
  let history: ReturnType<typeof odometerHistory>;
  let geometry: ReturnType<typeof chartGeometry>;
  try {
    history = odometerHistory(readings);
    geometry = chartGeometry(history.points, w, h, pad);
  } catch {
    // A malformed reading from an old import: no chart rather than a broken page.
    return null;
  }
  const path = geometry.map((g, i) => `${i === 0 ? "M" : "L"}${g.x.toFixed(1)},${g.y.toFixed(1)}`).join(" ");
  return (
    <section aria-labelledby="odometer-title" className="card space-y-2 p-4" data-testid="odometer">
      <h2 id="odometer-title" className="text-lg font-semibold">
        {m.odometer_title()}
      </h2>
      {history.hasAnomaly ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-2 text-sm font-medium text-danger">
          {m.odometer_anomaly()}
        </p>
      ) : null}
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="w-full"
        role="img"
        aria-label={m.odometer_chart_label({ count: String(history.points.length) })}
      >
        <line x1={pad} y1={h - pad} x2={w - pad} y2={h - pad} stroke="currentColor" className="text-line" />
        <path d={path} fill="none" stroke="#0f5f5c" strokeWidth={2.5} />
        {history.points.map((p, i) => {
          const g = geometry[i];
          if (!g) return null;
          return (
            <g key={`${p.date}-${i}`}>
              <circle
                cx={g.x}
                cy={g.y}
                r={p.anomaly ? 7 : 5}
                fill={p.anomaly ? "#dc2626" : "#0f5f5c"}
                data-anomaly={p.anomaly || undefined}
              />
              <text x={g.x} y={h - pad + 16} textAnchor="middle" fontSize="11" fill="currentColor">
                {formatYear(p.date)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="w-full text-sm">
        <caption className="sr-only">{m.odometer_title()}</caption>
        <tbody>
          {history.points.map((p, i) => (
            <tr
              key={`${p.date}-${i}`}
              className={`border-t border-line ${p.anomaly ? "font-semibold text-danger" : ""}`}
            >
              <td className="py-1">{formatDate(p.date)}</td>
              <td className="py-1 text-right">
                {formatMileage(p.km)}
                {p.anomaly ? ` – ${m.odometer_lower()}` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const formatYear = (d: string) => d.slice(0, 4);
