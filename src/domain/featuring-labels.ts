import { m } from "~/paraglide/messages";
import type { FeaturingPackage } from "./featuring";
import { formatNumber } from "./format";
import { pluralCategory } from "./plural";

// The featuring words the pages show: the buy page, the payment pages and the wizard's summary.

const dayForms = { one: m.feat_days_one, two: m.feat_days_two, few: m.feat_days_few, other: m.feat_days_other };
/** "1 dan", "2 dneva", "3 dni", "30 dni". */
export const daysLabel = (n: number) => dayForms[pluralCategory(n)]({ count: formatNumber(n) });

export const packageNames: Record<FeaturingPackage, () => string> = {
  STANDARD: m.feat_package_STANDARD,
  EXPOSED: m.feat_package_EXPOSED,
  EXPOSED_MEMBERS: m.feat_package_EXPOSED_MEMBERS,
};
export const packageDescriptions: Record<FeaturingPackage, () => string> = {
  STANDARD: m.feat_package_desc_STANDARD,
  EXPOSED: m.feat_package_desc_EXPOSED,
  EXPOSED_MEMBERS: m.feat_package_desc_EXPOSED_MEMBERS,
};
