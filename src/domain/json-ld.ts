/**
 * JSON-LD for a `<script type="application/ld+json">`: the JSON with `<`, `>`, `&` and the two line
 * separators escaped, so user text (a description with `</script>` or `<!--`) can never end the
 * script element or open a comment, and the data stays the same JSON.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
