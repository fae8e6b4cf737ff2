export type InlinePart = { text: string; href?: string };

const linkPattern = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits "see [the terms](/splosni-pogoji)" into text and link parts; only site paths, anchors, https and mailto links. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const [whole, label = "", href = ""] = match;
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: text.slice(last, index) });
    parts.push(/^(\/|#|https:\/\/|mailto:)/.test(href) ? { text: label, href } : { text: whole });
    last = index + whole.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
