/** One CSV cell: quoted when needed, and a leading =, +, -, @ or tab defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document for Slovenian spreadsheets: semicolon separated (the decimal separator is a comma),
 * CRLF line ends and a byte order mark so Excel reads UTF-8 (č, š, ž).
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

/** A decimal number written the Slovenian way (comma), without thousands separators so spreadsheets read it as a number. */
export function csvDecimal(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).replace(".", ",");
}
