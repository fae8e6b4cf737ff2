// Car efficiency class from CO2 emissions, in the style of the Slovenian/EU car label.
import type { EnergyClass } from "./enums/vehicle";

export type { EnergyClass };

/** Upper CO2 bound (g/km, inclusive) of each class; anything above the last bound is G. */
export const energyClassCo2Limits: readonly (readonly [EnergyClass, number])[] = [
  ["A+", 0],
  ["A", 100],
  ["B", 120],
  ["C", 140],
  ["D", 160],
  ["E", 200],
  ["F", 250],
];

/**
 * Class for a CO2 figure: A+ for 0 g/km (electric), A ≤ 100, B ≤ 120, C ≤ 140, D ≤ 160,
 * E ≤ 200, F ≤ 250, G above. Unknown (null), negative or non-finite values give null.
 */
export function energyClassFromCo2(co2GramsPerKm: number | null): EnergyClass | null {
  if (co2GramsPerKm === null || !Number.isFinite(co2GramsPerKm) || co2GramsPerKm < 0) return null;
  for (const [cls, limit] of energyClassCo2Limits) if (co2GramsPerKm <= limit) return cls;
  return "G";
}

/** Label colours on the usual dark green (A+) → red (G) scale of EU energy labels. */
const colors: Record<EnergyClass, string> = {
  "A+": "#006a35",
  A: "#00a651",
  B: "#4cb847",
  C: "#bfd730",
  D: "#fff200",
  E: "#fdb913",
  F: "#f37021",
  G: "#ed1c24",
};

/** Hex background colour of a class badge. */
export function energyClassColor(cls: EnergyClass): string {
  return colors[cls];
}
