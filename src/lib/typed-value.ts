/**
 * What an uncontrolled field shows now (typed by the visitor before its part of the page had its code,
 * decision 069), or null when there is no such field.
 */
export function typedValue(id: string): string | null {
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : null;
}
