// Lookups shared by every enumeration (decision 054: src/domain/enums/ by subject).

/** Generic lookup that never throws and never leaks `undefined` into the UI. */
export function labelOf<T extends string | number>(
  labels: Record<T, string>,
  value: string | number | null | undefined,
): string {
  if (value === null || value === undefined) return "";
  // Own-property check so values like "toString" don't resolve to prototype members.
  if (!Object.hasOwn(labels, value)) return "";
  const label: unknown = (labels as Record<string | number, unknown>)[value];
  return typeof label === "string" ? label : "";
}
/** Type guard for narrowing untrusted input (query params, API payloads) to an enum value. */
export function isOneOf<T extends string | number>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
