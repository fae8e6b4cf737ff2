import { pageTitle } from "~/lib/page-title";
import type { LegalDocument } from "./content/types";

type LegalMeta = Pick<LegalDocument, "title" | "lead">;

/** What a legal page's head needs of its document (the route's loader data). */
export const legalMeta = (doc: LegalDocument): LegalMeta => ({ title: doc.title, lead: doc.lead });

/** Title and description of a legal page, from its content. */
export const legalHead = (meta: LegalMeta | undefined) => ({
  meta: meta ? [{ title: pageTitle(meta.title) }, { name: "description", content: meta.lead }] : [],
});
