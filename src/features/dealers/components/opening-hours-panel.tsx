import { useEffect, useState } from "react";
import { dayNames, onDayNames, weekLine } from "~/domain/opening-hours-labels";
import {
  dayIntervals,
  formatTime,
  ljubljanaWeekdayOf,
  openingStatus,
  type WeekHours,
  weekdays,
} from "~/domain/opening-hours";
import { m } from "~/paraglide/messages";

/**
 * The clock, read only in the browser after hydration and again every half minute: the anonymous
 * response cache may hand out the same HTML for a while, so "open now" and today's row are never in it
 * (decision 072).
 */
function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function nextOpening(next: ReturnType<typeof openingStatus>["next"]): string | null {
  if (!next) return null;
  const time = formatTime(next.time);
  if (next.inDays === 0) return m.hours_opens_today({ time });
  if (next.inDays === 1) return m.hours_opens_tomorrow({ time });
  return m.hours_opens_on({ day: onDayNames[next.day](), time });
}

/** The header's line: the week in short, and (in the browser) open or closed now in Ljubljana, and when it opens. */
export function OpeningStatusLine({ week }: { week: WeekHours }) {
  const now = useNow();
  const status = now ? openingStatus(week, now) : null;
  const lines = weekLine(week);
  return (
    <div className="space-y-1 text-sm">
      <p data-testid="dealer-hours">
        {lines.map((line, i) => (
          <span key={line}>
            {i > 0 ? " · " : null}
            <span className="whitespace-nowrap">{line}</span>
          </span>
        ))}
      </p>
      {status ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${status.open ? "bg-brand-600 text-white" : "bg-surface text-muted"}`}
            data-testid="open-now"
          >
            {status.open ? m.dealer_open_now() : m.dealer_closed_now()}
          </span>
          {!status.open && status.next ? (
            <span className="text-muted" data-testid="opens-next">
              {nextOpening(status.next)}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The week's table, Monday to Sunday, today's row marked (in the browser). */
export function OpeningHoursTable({ week }: { week: WeekHours }) {
  const now = useNow();
  const today = now ? ljubljanaWeekdayOf(now) : null;
  return (
    <section aria-labelledby="hours-title" className="card p-4">
      <h2 id="hours-title" className="mb-2 text-lg font-semibold">
        {m.hours_week_title()}
      </h2>
      <table className="w-full max-w-md text-sm" data-testid="dealer-week">
        <tbody>
          {weekdays.map((day) => (
            <tr
              key={day}
              aria-current={day === today ? "date" : undefined}
              className={day === today ? "bg-brand-50 font-semibold" : undefined}
              data-testid={`week-${day}`}
            >
              <th scope="row" className="py-1 pr-4 pl-2 text-left font-medium">
                {dayNames[day]()}
                {day === today ? <span className="ml-1 text-xs text-brand-700">({m.hours_today()})</span> : null}
              </th>
              <td className="py-1 pr-2">
                {week[day]
                  ? dayIntervals(week[day]).map((t, i) => (
                      <span key={t.from}>
                        {i > 0 ? ", " : null}
                        <span className="whitespace-nowrap">{`${formatTime(t.from)}–${formatTime(t.to)}`}</span>
                      </span>
                    ))
                  : m.hours_closed()}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
