import { describe, it, expect } from "vitest";
import * as dealerEnums from "./dealer";
import * as labelHelpers from "./labels";
import * as postingEnums from "./posting";
import * as searchEnums from "./search";
import * as userEnums from "./user";
import * as vehicleEnums from "./vehicle";
import { regionLabels } from "./dealer";
import { labelOf, isOneOf } from "./labels";
import { normalizePostingFileType, postingStatusLabels, postingStatuses, priceTypes } from "./posting";
import { searchPriceTypes, searchPriceTypeLabels, scoreLevelLabels } from "./search";
import { bodyColors, bodyColorHex, euroStandardLabels, fuels, damageStates } from "./vehicle";

// Every module of src/domain/enums/ (decision 054), seen as the one namespace the old enums.ts was.
const enums = { ...labelHelpers, ...vehicleEnums, ...postingEnums, ...searchEnums, ...dealerEnums, ...userEnums };

// Explicit pairing (instead of deriving names) so a typo fails loudly in one place.
const labelled: Record<string, [readonly (string | number)[], Record<string, string>]> = {
  postingStatuses: [enums.postingStatuses, enums.postingStatusLabels],
  arrivalStates: [enums.arrivalStates, enums.arrivalStateLabels],
  badgeTypes: [enums.badgeTypes, enums.badgeTypeLabels],
  bodyColors: [enums.bodyColors, enums.bodyColorLabels],
  interiorColors: [enums.interiorColors, enums.interiorColorLabels],
  bodyTypes: [enums.bodyTypes, enums.bodyTypeLabels],
  energyClasses: [enums.energyClasses, enums.energyClassLabels],
  damageStates: [enums.damageStates, enums.damageStateLabels],
  periodUnits: [enums.periodUnits, enums.periodUnitLabels],
  rentalIntervals: [enums.rentalIntervals, enums.rentalIntervalLabels],
  driveWheels: [enums.driveWheels, enums.driveWheelLabels],
  euroStandards: [enums.euroStandards, enums.euroStandardLabels],
  entryModes: [enums.entryModes, enums.entryModeLabels],
  metallicPaints: [enums.metallicPaints, enums.metallicPaintLabels],
  fieldErrorKinds: [enums.fieldErrorKinds, enums.fieldErrorKindLabels],
  inspectionProducts: [enums.inspectionProducts, enums.inspectionProductLabels],
  fuels: [enums.fuels, enums.fuelLabels],
  interiorMaterials: [enums.interiorMaterials, enums.interiorMaterialLabels],
  contactStatuses: [enums.contactStatuses, enums.contactStatusLabels],
  postingTypes: [enums.postingTypes, enums.postingTypeLabels],
  advertisingStates: [enums.advertisingStates, enums.advertisingStateLabels],
  postingAges: [enums.postingAges, enums.postingAgeLabels],
  postingFileTypes: [enums.postingFileTypes, enums.postingFileTypeLabels],
  inspectionDocumentTypes: [enums.inspectionDocumentTypes, enums.inspectionDocumentTypeLabels],
  priceTypes: [enums.priceTypes, enums.priceTypeLabels],
  searchPriceTypes: [enums.searchPriceTypes, enums.searchPriceTypeLabels],
  roofTypes: [enums.roofTypes, enums.roofTypeLabels],
  postingSources: [enums.postingSources, enums.postingSourceLabels],
  sellerTypes: [enums.sellerTypes, enums.sellerTypeLabels],
  regions: [enums.regions, enums.regionLabels],
  loginProviders: [enums.loginProviders, enums.loginProviderLabels],
  transmissions: [enums.transmissions, enums.transmissionLabels],
  rimsMaterials: [enums.rimsMaterials, enums.rimsMaterialLabels],
  vehicleConditions: [enums.vehicleConditions, enums.vehicleConditionLabels],
  registrationStates: [enums.registrationStates, enums.registrationStateLabels],
  scoreLevels: [enums.scoreLevels, enums.scoreLevelLabels],
  warrantyTypes: [enums.warrantyTypes, enums.warrantyTypeLabels],
  dealershipRoles: [enums.dealershipRoles, enums.dealershipRoleLabels],
};
// postingListSorts: the stock page labels them from messages (stock_sort_*).
const unlabelled = new Set(["userRegistrationStatuses", "postingListSorts"]);

const tuples: [string, readonly unknown[]][] = [];
for (const [name, value] of Object.entries(enums as Record<string, unknown>)) {
  if (Array.isArray(value)) tuples.push([name, value]);
}

describe("enum label records", () => {
  it("finds all enum tuples", () => {
    expect(tuples.length).toBeGreaterThanOrEqual(35);
  });

  it("every exported tuple is either labelled or explicitly unlabelled", () => {
    for (const [name] of tuples) {
      expect(name in labelled || unlabelled.has(name), name).toBe(true);
    }
  });

  for (const [name, [values, record]] of Object.entries(labelled)) {
    it(`${name} has a non-empty label for every value`, () => {
      for (const value of values) {
        const label = record[String(value)] ?? "";
        expect(label.trim().length, `${name}.${value}`).toBeGreaterThan(0);
      }
      // No stray labels for values that don't exist.
      expect(Object.keys(record).sort()).toEqual(values.map(String).sort());
    });
  }

  it("tuples have no duplicates", () => {
    for (const [name, values] of tuples) {
      expect(new Set(values).size, name).toBe(values.length);
    }
  });

  it("has the exact posting status labels", () => {
    expect(postingStatuses).toEqual(["DRAFT", "PUBLISHED", "EXPIRED", "REMOVED", "SOLD"]);
    expect(postingStatusLabels).toEqual({
      DRAFT: "Osnutek",
      PUBLISHED: "Aktiven",
      EXPIRED: "Potekel",
      REMOVED: "Neaktiven",
      SOLD: "Prodan",
    });
  });

  it("bodyColorHex has a valid hex for every colour", () => {
    for (const c of bodyColors) expect(bodyColorHex[c]).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it("search price types extend posting price types with WITH_RENTAL_OPTIONS", () => {
    expect(searchPriceTypes).toEqual([...priceTypes, "WITH_RENTAL_OPTIONS"]);
    expect(searchPriceTypeLabels.WITH_RENTAL_OPTIONS).not.toBe("");
  });

  it("keeps wire values and spot-checks labels", () => {
    expect(damageStates).toContain("MALFUCTIONING");
    expect(fuels).not.toContain("NONE");
    expect(scoreLevelLabels[3]).toBe("nad 3");
    expect(euroStandardLabels["6d-Temp"]).toBe("Euro 6d-Temp");
    expect(regionLabels["NOVO MESTO"]).toBe("Novo mesto");
    expect(regionLabels.GORICA).toBe("Nova Gorica");
  });
});

describe("labelOf", () => {
  it("returns the label of a known value", () => {
    expect(labelOf(postingStatusLabels, "SOLD")).toBe("Prodan");
    expect(labelOf(scoreLevelLabels, 5)).toBe("nad 5");
    expect(labelOf(scoreLevelLabels, "5")).toBe("nad 5");
  });

  it("returns empty string for unknown, null, undefined and prototype keys", () => {
    expect(labelOf(postingStatusLabels, "NOPE")).toBe("");
    expect(labelOf(postingStatusLabels, "")).toBe("");
    expect(labelOf(postingStatusLabels, null)).toBe("");
    expect(labelOf(postingStatusLabels, undefined)).toBe("");
    expect(labelOf(postingStatusLabels, "toString")).toBe("");
    expect(labelOf(postingStatusLabels, "__proto__")).toBe("");
  });
});

describe("isOneOf", () => {
  it("narrows only real values", () => {
    expect(isOneOf(postingStatuses, "DRAFT")).toBe(true);
    expect(isOneOf(postingStatuses, "draft")).toBe(false);
    expect(isOneOf(postingStatuses, 1)).toBe(false);
  });
});

describe("normalizePostingFileType", () => {
  it("maps the legacy SERVICEBOOKLET spelling", () => {
    expect(normalizePostingFileType("SERVICEBOOKLET")).toBe("SERVICE_BOOKLET");
  });
  it("passes through current values", () => {
    expect(normalizePostingFileType("SERVICE_BOOKLET")).toBe("SERVICE_BOOKLET");
    expect(normalizePostingFileType("BADGE_GOOD_BUY")).toBe("BADGE_GOOD_BUY");
    expect(normalizePostingFileType("invoice")).toBe("INVOICE");
  });
  it("returns null for unknown values", () => {
    expect(normalizePostingFileType("")).toBeNull();
    expect(normalizePostingFileType("PASSPORT")).toBeNull();
    expect(normalizePostingFileType("toString")).toBeNull();
    expect(normalizePostingFileType("HASOWNPROPERTY")).toBeNull();
  });
});
