import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  auditActionLabel,
  auditActionLabels,
  auditEntityHref,
  auditEntityLabel,
  auditEntityLabels,
  auditFieldLabel,
  auditFieldLabels,
  formatAuditValue,
  readableKey,
  requestAuditAction,
} from "./audit-labels";

const srcRoot = join(__dirname, "..");
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "paraglide"
        ? []
        : sourceFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes(".test.")
        ? [join(dir, e.name)]
        : [],
  );

// The writers: every file that stores an audit row (through the helpers of db/audit.server.ts or its table).
const writers = sourceFiles(srcRoot)
  .filter((f) => !f.endsWith("audit.server.ts") && !f.endsWith("audit-labels.ts"))
  .map((f) => readFileSync(f, "utf8"))
  .filter((text) =>
    /auditEntry|auditValues|auditRow\(|insertGuardedAudit|writeAudit|guardedAction|insert\(auditLog\)/.test(text),
  );

describe("the audit log in Slovenian: every action, entity and field the code writes has a label", () => {
  it("finds the writers", () => {
    expect(writers.length).toBeGreaterThanOrEqual(10);
  });

  it("every action string the writers store is in the table", () => {
    const actions = new Set(
      writers.flatMap((text) =>
        [...text.matchAll(/"((?:[a-z][A-Za-z-]*\.[a-z][a-z-]*)|(?:amzs-membership-[a-z]+))"/g)].map((m) => m[1] ?? ""),
      ),
    );
    // Strings of that shape that are not actions (file names, guard columns) are not in the writers' text.
    const unlabelled = [...actions].filter((a) => !Object.hasOwn(auditActionLabels, a));
    expect(unlabelled).toEqual([]);
    // …and the table holds no action nobody writes.
    expect(Object.keys(auditActionLabels).filter((a) => !actions.has(a))).toEqual([]);
  });

  it("every entity the writers name is in the table", () => {
    const entities = new Set(
      writers.flatMap((text) => [
        ...[...text.matchAll(/entity: "([a-z_]+)"/g)].map((m) => m[1] ?? ""),
        ...[
          ...text.matchAll(/(?:auditEntry|auditValues)\(\s*[\w.]+,\s*(?:"[^"]+"|[^,]+\([^)]*\)|\w+),\s*"([a-z_]+)"/g),
        ].map((m) => m[1] ?? ""),
      ]),
    );
    expect(entities.size).toBeGreaterThanOrEqual(8);
    expect([...entities].filter((e) => !Object.hasOwn(auditEntityLabels, e))).toEqual([]);
  });

  it("labels are Slovenian words, not identifiers", () => {
    for (const label of [
      ...Object.values(auditActionLabels),
      ...Object.values(auditEntityLabels),
      ...Object.values(auditFieldLabels).filter((l) => l !== "TikTok" && l !== "YouTube"),
    ]) {
      expect(label).not.toMatch(/[a-z][A-Z]|_|^\w+\.\w+$/);
      expect(label.length).toBeGreaterThan(1);
    }
  });

  it("names the examples of the issue in Slovenian", () => {
    expect(auditActionLabel("posting-review.save")).toBe("Pregled oglasa shranjen");
    expect(auditActionLabel("impersonate.start")).toBe("Prevzem računa začet");
    expect(auditActionLabel("impersonate.stop")).toBe("Prevzem računa končan");
    expect(auditEntityLabel("dealer_signup_request")).toBe("prijava trgovca");
    expect(auditEntityLabel("posting")).toBe("oglas");
    expect(auditFieldLabel("imageKey")).toBe("Slika");
    expect(auditFieldLabel("expiresAt")).toBe("Velja do");
  });

  it("a write while impersonating names its request; unknown keys read as words and never throw", () => {
    expect(auditActionLabel(requestAuditAction("post", "/internal-api/v1/drafts"))).toBe(
      "Sprememba med prevzemom računa (POST /internal-api/v1/drafts)",
    );
    expect(auditActionLabel("some-new.action")).toBe("Some new action");
    expect(auditEntityLabel("new_thing")).toBe("New thing");
    expect(auditFieldLabel("brandNewField")).toBe("Brand new field");
    expect(auditFieldLabel("toString")).toBe("To string");
    expect(auditFieldLabel("")).toBe("–");
    expect(readableKey("")).toBe("–");
  });
});

describe("formatAuditValue", () => {
  it.each([
    ["expiresAt", "2026-03-12T13:05:00.000Z", "12. 3. 2026 14.05"],
    ["subscriptionEndDate", "2026-07-01", "1. 7. 2026"],
    ["badgeVerified", true, "Da"],
    ["verified", false, "Ne"],
    ["price", 1_234_500, "12.345 €"],
    ["advertisingDays", 30, "30"],
    ["region", "GORICA", "Nova Gorica"],
    ["priceType", "NEGOTIABLE", "Cena po dogovoru"],
    ["brands", ["BMW", "Audi"], "BMW, Audi"],
    ["brands", [], "–"],
    ["remark", null, "–"],
    ["remark", undefined, "–"],
    ["remark", "", "–"],
    ["head", { email: "a@b.si" }, "E-pošta: a@b.si"],
    ["title", "Novi članek", "Novi članek"],
  ])("%s %j → %s", (field, value, expected) => {
    expect(formatAuditValue(field, value)).toBe(expected);
  });
});

describe("auditEntityHref: each entry links to its record where it has a page", () => {
  const entry = (entity: string, entityId: string | null, after: unknown = null, before: unknown = null) => ({
    entity,
    entityId,
    after,
    before,
  });
  it.each([
    [entry("posting", "2209"), "/oglas/2209"],
    [entry("user", "12"), "/administracija/uporabniki?q=12"],
    [entry("salesperson", "+38641000003"), "/administracija/svetovalci?q=%2B38641000003"],
    [entry("dealership", "avto-golob"), "/administracija/poslovne-enote?q=avto-golob"],
    [entry("dealership", "7", null, { code: "avto-golob" }), "/administracija/poslovne-enote?q=avto-golob"],
    [entry("dealership", "7"), "/administracija/poslovne-enote"],
    [entry("dealer_signup_request", "3", { code: "novi" }), "/administracija/poslovne-enote?q=novi"],
    [entry("dealership_network", "2"), "/administracija/poslovne-mreze"],
    [entry("article", "5"), "/administracija/clanki"],
    [entry("equipment_descriptor", "5"), "/administracija/oprema"],
    [entry("manufacturer", "1", { manufacturer: "skoda" }), "/admin/models?manufacturer=skoda"],
    [entry("request", null), null],
    [entry("unknown", "1"), null],
  ])("%j → %s", (e, href) => {
    expect(auditEntityHref(e)).toBe(href);
  });
});
