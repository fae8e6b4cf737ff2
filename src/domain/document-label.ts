import { isOneOf } from "./enums/labels";
import { type InspectionDocumentType, inspectionDocumentTypeLabels, inspectionDocumentTypes } from "./enums/posting";

/** The document type a section's upload gets unless the seller picks another (decision 058). */
export const defaultDocumentType: Record<string, InspectionDocumentType> = {
  SERVICE_BOOKLET: "SERVICE_BOOK",
  INVOICE: "SERVICE_BOOK",
  VEHICLE_INSPECTION_REPORT: "REPORT",
};

/** "12. 3. 2025" from "2025-03-12"; "" for anything else. */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? "");
  if (!match) return "";
  return `${Number(match[3])}. ${Number(match[2])}. ${match[1]}`;
}

/**
 * What buyers read for a document: its type and date ("Račun · 12. 3. 2025"), never the file name. A document
 * with no type is named by its section's default type.
 */
export function documentLabel(doc: { fileType: string; documentType: string | null; documentDate: string | null }) {
  const type: InspectionDocumentType =
    doc.documentType && isOneOf(inspectionDocumentTypes, doc.documentType)
      ? doc.documentType
      : (defaultDocumentType[doc.fileType] ?? "OTHER");
  const date = formatDay(doc.documentDate);
  return date ? `${inspectionDocumentTypeLabels[type]} · ${date}` : inspectionDocumentTypeLabels[type];
}
