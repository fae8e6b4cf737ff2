import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditFieldLabels } from "~/domain/audit-labels";
import { equipmentDescriptors } from "./schema/catalogue";
import { articles } from "./schema/content";
import { dealershipNetworks, dealerships, salespeople } from "./schema/dealerships";

// The snapshots of the audit log are rows (or parts of rows) of these tables: a new column must get its
// Slovenian label in src/domain/audit-labels.ts, or the log would show its identifier (issue 25).
const snapshotTables = { articles, dealerships, dealershipNetworks, equipmentDescriptors, salespeople };

// The writers' own summaries: the posting review's fields, credit days, AMZS membership, model mapping.
const summaryFields = [
  ...["priceType", "price", "specialPrice", "searchPrice", "odometerKm", "modelYear", "hiddenVin", "postingType"],
  ...["badgeVerified", "badgeGoodBuy", "badgePromising", "description", "verifiedAt"],
  ...["badgeVerifiedDescription", "badgeGoodBuyDescription", "updatedAt"],
  ...["advertisingDays", "amount", "reason", "amzsMembershipNumber", "verified"],
  ...["manufacturer", "created", "renamed", "moves", "code", "head"],
];

describe("every field an audit snapshot can hold has a Slovenian label", () => {
  it.each(Object.entries(snapshotTables))("the columns of %s", (_name, table) => {
    const missing = Object.keys(getTableColumns(table)).filter((c) => !Object.hasOwn(auditFieldLabels, c));
    expect(missing).toEqual([]);
  });

  it("the writers' own summaries", () => {
    expect(summaryFields.filter((f) => !Object.hasOwn(auditFieldLabels, f))).toEqual([]);
  });
});
