import { describe, expect, it } from "vitest";
import { inlineParts } from "../inline-links";
import { campaignTerms } from "./campaign-terms";
import { cookiesPolicy } from "./cookies";
import { managerDeleteAccount, managerMarketing, managerPrivacy, managerSupport, managerTerms } from "./manager-app";
import { participationRules } from "./participation-rules";
import { partnersPage } from "./partners";
import { privacyPolicy } from "./privacy";
import { termsOfService } from "./terms";
import type { LegalDocument } from "./types";

const documents: Record<string, LegalDocument> = {
  "/politika-zasebnosti": privacyPolicy,
  "/splosni-pogoji": termsOfService,
  "/piskotki": cookiesPolicy,
  "/partnerji": partnersPage,
  "/pravilasodelovanja": participationRules,
  "/splosnipogojiuporabe": campaignTerms,
  "/da-manager/delete-account": managerDeleteAccount,
  "/da-manager/marketing": managerMarketing,
  "/da-manager/privacy-policy": managerPrivacy,
  "/da-manager/support": managerSupport,
  "/da-manager/terms-of-use": managerTerms,
};

function texts(doc: LegalDocument): string[] {
  return doc.sections.flatMap((s) =>
    s.blocks.flatMap((b) =>
      b.type === "p" || b.type === "note" ? [b.text] : b.type === "table" ? b.rows.flat() : b.items,
    ),
  );
}

describe("legal content", () => {
  it.each(Object.entries(documents))("%s has unique anchors and no empty text", (_path, doc) => {
    const ids = doc.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const t of texts(doc)) expect(t.trim().length).toBeGreaterThan(0);
    expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("links to sections that exist (same page and other legal pages)", () => {
    for (const [path, doc] of Object.entries(documents)) {
      for (const part of texts(doc).flatMap(inlineParts)) {
        if (!part.href?.includes("#")) continue;
        const [target = "", anchor] = part.href.split("#");
        const linked = target === "" ? doc : documents[target];
        expect(linked, `${path} → ${part.href}`).toBeDefined();
        expect(
          linked?.sections.some((s) => s.id === anchor),
          `${path} → ${part.href}`,
        ).toBe(true);
      }
    }
  });

  it("the campaign terms take their dates and amount from the configuration", () => {
    const all = texts(campaignTerms).join(" ");
    expect(all).toContain("od 22. 3. 2022 od 0.00 do 2. 5. 2022 do 0.00");
    expect(campaignTerms.title).toContain("10 EUR");
    expect(all).toContain("le enkrat");
  });
});
