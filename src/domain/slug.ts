/** Text folded to lower-case ASCII: marks dropped (č → c), letters without a base letter spelled out (đ → d, ß → ss). */
export function asciiFold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/[đĐ]/g, "d").replace(/ß/g, "ss").toLowerCase();
}

/** A URL code: "Transporter / Multivan" → "transporter-multivan" (at most `max` characters, never empty). */
export function slugify(text: string, fallback: string, max = 40): string {
  const slug = asciiFold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-")
    .slice(0, max)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** `code` if free, else code-2, code-3, … */
export function uniqueCode(code: string, taken: ReadonlySet<string>): string {
  if (!taken.has(code)) return code;
  for (let n = 2; ; n++) if (!taken.has(`${code}-${n}`)) return `${code}-${n}`;
}
