import { pageTitle } from "~/lib/page-title";
import type { LegalDocument } from "./content/types";

/** Title and description of a legal page, from its content. */
export const legalHead = (doc: LegalDocument) => ({
  meta: [{ title: pageTitle(doc.title) }, { name: "description", content: doc.lead }],
});
