/**
 * Legal and information texts as structured data, rendered by one LegalPage component.
 * Inline links are written as [label](href) inside any text.
 */
export type LegalBlock =
  | { type: "p"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "ol"; items: string[] }
  | { type: "note"; text: string }
  /** `codeColumn`: the first column holds technical names (e.g. cookie names), set in monospace. */
  | { type: "table"; caption: string; head: string[]; rows: string[][]; codeColumn?: boolean };

export type LegalSection = {
  /** Anchor of the section (stable, used in links such as /politika-zasebnosti#hramba). */
  id: string;
  heading: string;
  blocks: LegalBlock[];
};

export type LegalDocument = {
  title: string;
  /** One or two sentences under the title (also the page's meta description). */
  lead: string;
  /** ISO date of the last change. */
  updated: string;
  sections: LegalSection[];
};
