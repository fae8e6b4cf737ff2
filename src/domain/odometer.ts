// Odometer history: readings sorted by date with rollback detection, plus the geometry
// of a simple SVG line chart of km over time.

export type OdometerReading = { date: string; km: number };
export type OdometerPoint = OdometerReading & { anomaly: boolean };
export type OdometerHistory = { points: OdometerPoint[]; hasAnomaly: boolean };
export type ChartPoint = { x: number; y: number };

function timestamp(reading: OdometerReading): number {
  const t = Date.parse(reading.date);
  if (Number.isNaN(t)) throw new RangeError(`invalid odometer reading date ${JSON.stringify(reading.date)}`);
  return t;
}

/**
 * Sorts readings by date and flags each reading whose km is lower than any earlier reading
 * (a rolled-back odometer). Readings on the same date are ordered by km, so they never flag
 * each other. Throws RangeError for an unparsable date or a negative / non-finite km.
 */
export function odometerHistory(readings: readonly OdometerReading[]): OdometerHistory {
  const sorted = readings
    .map((r) => {
      if (!Number.isFinite(r.km) || r.km < 0) throw new RangeError(`invalid odometer reading km ${r.km}`);
      return { date: r.date, km: r.km, t: timestamp(r) };
    })
    .sort((a, b) => a.t - b.t || a.km - b.km);

  let maxSoFar = Number.NEGATIVE_INFINITY;
  const points = sorted.map(({ date, km }) => {
    const anomaly = km < maxSoFar;
    maxSoFar = Math.max(maxSoFar, km);
    return { date, km, anomaly };
  });
  return { points, hasAnomaly: points.some((p) => p.anomaly) };
}

/** Headroom above the highest reading, so the line never touches the top of the chart. */
export const CHART_KM_HEADROOM = 1.05;

/**
 * SVG coordinates of each point inside a width × height box with `padding` on every side.
 * x is proportional to time between the first and last date; y runs from 0 km at the
 * bottom to max km × 1.05 at the top (SVG y grows downwards). A single point, or points
 * all on one date, sit in the horizontal middle; all-zero readings lie on the bottom edge.
 * Points keep their input order. Throws RangeError for a box without room inside the padding.
 */
export function chartGeometry(
  points: readonly OdometerReading[],
  width: number,
  height: number,
  padding: number,
): ChartPoint[] {
  if (!Number.isFinite(padding) || padding < 0) throw new RangeError(`padding must be >= 0, got ${padding}`);
  const innerWidth = width - 2 * padding;
  const innerHeight = height - 2 * padding;
  if (!(innerWidth > 0) || !(innerHeight > 0) || !Number.isFinite(innerWidth) || !Number.isFinite(innerHeight)) {
    throw new RangeError(`chart box ${width}×${height} leaves no room inside padding ${padding}`);
  }
  if (points.length === 0) return [];

  const times = points.map(timestamp);
  const minT = Math.min(...times);
  const spanT = Math.max(...times) - minT;
  const topKm = Math.max(...points.map((p) => p.km)) * CHART_KM_HEADROOM;
  const bottom = padding + innerHeight;

  return points.map((p, i) => ({
    x: spanT > 0 ? padding + (((times[i] ?? minT) - minT) / spanT) * innerWidth : padding + innerWidth / 2,
    y: topKm > 0 ? bottom - (p.km / topKm) * innerHeight : bottom,
  }));
}
