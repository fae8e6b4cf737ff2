import { appConfig } from "~/app.config";
import type { LegalBlock } from "./types";

/** The controller and provider named in every legal text (a fictional company). */
export const company = {
  name: "Avtotrg d.o.o.",
  address: "Dunajska cesta 1, 1000 Ljubljana",
  site: "avtotrg.si",
  helpEmail: appConfig.helpEmail,
  privacyEmail: "zasebnost@avtotrg.si",
  dpoEmail: "dpo@avtotrg.si",
  partnersEmail: "partnerji@avtotrg.si",
} as const;

export const mailto = (email: string) => `[${email}](mailto:${email})`;

// Short constructors keep the long texts readable.
export const p = (text: string): LegalBlock => ({ type: "p", text });
export const note = (text: string): LegalBlock => ({ type: "note", text });
export const ul = (...items: string[]): LegalBlock => ({ type: "ul", items });
export const ol = (...items: string[]): LegalBlock => ({ type: "ol", items });
