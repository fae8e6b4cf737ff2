import { useEffect, useId, useRef } from "react";
import { formatNumber } from "~/domain/format";
import { formatDayShort } from "~/domain/views-series";
import { m } from "~/paraglide/messages";

type Point = { day: string; views: number };

/**
 * Views per day as a uPlot line chart (loaded in the browser only, after hydration), with the same
 * numbers in a table for screen readers and keyboard users. The box keeps its height while loading.
 */
export function ViewsChart({ days, caption, height = 180 }: { days: Point[]; caption: string; height?: number }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const total = days.reduce((s, d) => s + d.views, 0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { destroy: () => void; setSize: (s: { width: number; height: number }) => void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void (async () => {
      const [{ default: UPlot }] = await Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]);
      if (cancelled) return;
      const xs = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
      const label = (x: number) => formatDayShort(new Date(x * 1000).toISOString().slice(0, 10));
      chart = new UPlot(
        {
          width: el.clientWidth,
          height,
          scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
          axes: [
            { values: (_u, splits) => splits.map(label), space: 60, stroke: "#4b5563", grid: { stroke: "#eef0f3" } },
            {
              values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatNumber(v) : "")),
              size: 56,
              stroke: "#4b5563",
              grid: { stroke: "#eef0f3" },
            },
          ],
          series: [
            { label: m.chart_day(), value: (_u, x) => (x == null ? "–" : label(x)) },
            {
              label: m.chart_views(),
              stroke: "#0f7a73",
              width: 2,
              fill: "rgba(22,148,139,0.12)",
              points: { size: 5 },
              value: (_u, v) => (v == null ? "–" : formatNumber(v)),
            },
          ],
        },
        [xs, days.map((d) => d.views)],
        el,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height }));
      observer.observe(el);
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, height]);

  return (
    <figure className="space-y-2" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-sm font-semibold">
        {caption}{" "}
        <span className="font-normal text-muted">
          {m.chart_total({ views: formatNumber(total), days: String(days.length) })}
        </span>
      </figcaption>
      <div ref={box} style={{ minHeight: height + 40 }} aria-hidden="true" data-testid="views-chart" />
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700">{m.chart_table()}</summary>
        <table className="mt-2 w-full max-w-sm text-left" data-testid="views-table">
          <thead>
            <tr>
              <th scope="col">{m.chart_day()}</th>
              <th scope="col" className="text-right">
                {m.chart_views()}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{formatDayShort(d.day)}</td>
                <td className="text-right">{formatNumber(d.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
