// The data-integrity scan of issue 21: every rule the write paths hold, as a query that lists the
// rows breaking it. `npm run check:data` runs it on the seeded database; tests/posting-rules.test.ts
// plants one bad row per rule and expects the scan to find it.
import { euroStandards } from "~/domain/enums/vehicle";
import { MONTHLY_TOLERANCE_CENTS, normalizeOffer, offerProblems, type FinancingOffer } from "~/domain/financing";
import { countryCodes } from "~/domain/posting-fields";

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
// E.164: "+", a non-zero first digit, 8 to 15 digits in all.
const badPhone = (column: string) =>
  `(${column} IS NOT NULL AND NOT (${column} GLOB '+[1-9]*' AND ${column} NOT GLOB '+*[^0-9]*' AND length(${column}) BETWEEN 9 AND 16))`;

type Row = { id: number; detail: string | null; price?: unknown };
/** `keep`, when present, decides in code which of the rows the query answers break the rule (maths SQLite lacks). */
export type IntegrityCheck = { rule: string; sql: string; keep?: (row: Row) => boolean };

function parseOffer(json: string | null): FinancingOffer | null {
  try {
    const v: unknown = JSON.parse(json ?? "");
    if (typeof v !== "object" || v === null) return null;
    const o = v as Record<string, unknown>;
    const nums = [o.downPayment, o.monthlyPayment, o.months, o.total];
    if (!nums.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0)) return null;
    const opt = (n: unknown) => (typeof n === "number" ? n : null);
    return normalizeOffer({
      downPayment: o.downPayment as number,
      monthlyPayment: o.monthlyPayment as number,
      months: o.months as number,
      total: o.total as number,
      annualRateBasisPoints: opt(o.annualRateBasisPoints),
      financedAmount: opt(o.financedAmount),
    });
  } catch {
    return null;
  }
}

/** Each query answers `id` (the row's key) and `detail` for every row that breaks its rule. */
export const integrityChecks: IntegrityCheck[] = [
  {
    rule: "VIN: normalised, 17 characters without I, O, Q, or a flagged partial VIN of 11–16",
    sql: `SELECT p.id AS id, p.vin AS detail FROM postings p LEFT JOIN posting_details d ON d.posting_id = p.id
          WHERE p.vin IS NOT NULL AND (p.vin = '' OR p.vin GLOB '*[^A-HJ-NPR-Z0-9]*'
            OR (length(p.vin) <> 17 AND NOT (coalesce(d.is_partial_vin, 0) = 1 AND length(p.vin) BETWEEN 11 AND 16)))`,
  },
  {
    rule: "One published posting per VIN per user",
    sql: `SELECT min(id) AS id, user_id || ' ' || vin AS detail FROM postings
          WHERE status = 'PUBLISHED' AND vin IS NOT NULL AND length(vin) = 17 GROUP BY user_id, vin HAVING count(*) > 1`,
  },
  {
    rule: "Hidden VIN: no Promising badge",
    sql: `SELECT id, code AS detail FROM postings WHERE hidden_vin = 1 AND badge_promising = 1`,
  },
  {
    rule: "Hidden VIN: not promoted (featured)",
    sql: `SELECT id, featured_until AS detail FROM postings WHERE hidden_vin = 1 AND featured_until IS NOT NULL AND featured_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  },
  {
    rule: "Emission standard from its list (Euro 0 … 6e, stored as the code)",
    sql: `SELECT id, euro_standard AS detail FROM postings WHERE euro_standard IS NOT NULL AND euro_standard NOT IN (${list(euroStandards)})`,
  },
  {
    rule: "Country of first registration: an ISO 3166-1 code",
    sql: `SELECT posting_id AS id, first_registration_country AS detail FROM posting_details WHERE first_registration_country IS NOT NULL AND first_registration_country NOT IN (${list(countryCodes)})`,
  },
  {
    rule: "Phones stored as E.164: users",
    sql: `SELECT id, phone_number AS detail FROM users WHERE ${badPhone("phone_number")}`,
  },
  {
    rule: "Phones stored as E.164: salespeople",
    sql: `SELECT id, phone_number AS detail FROM salespeople WHERE ${badPhone("phone_number")}`,
  },
  {
    rule: "Phones stored as E.164: dealer contacts",
    sql: `SELECT id, phone AS detail FROM dealer_contacts WHERE ${badPhone("phone")}`,
  },
  {
    rule: "Phones stored as E.164: dealerships",
    sql: `SELECT id, coalesce(phone, responsible_phone) AS detail FROM dealerships WHERE ${badPhone("phone")} OR ${badPhone("responsible_phone")}`,
  },
  {
    rule: "Phones stored as E.164: posting contact phones",
    sql: `SELECT posting_id AS id, contact_phone AS detail FROM posting_details WHERE ${badPhone("contact_phone")}`,
  },
  {
    // Issue 21 / decision 050: every shown monthly payment is the annuity of its own terms within 1 €.
    rule: "Financing offers in cents and true: monthly payment = annuity of its financed amount, rate and months (within 1 €), total = down payment + months × monthly payment; without a rate, the instalments at least repay the price",
    sql: `SELECT d.posting_id AS id, o.value AS detail, coalesce(d.financing_price, p.special_price, p.price) AS price
          FROM posting_details d JOIN postings p ON p.id = d.posting_id, json_each(d.financing_offers) o`,
    keep: (row) => {
      const o = parseOffer(row.detail);
      if (!o) return true;
      if (offerProblems(o).length > 0) return true;
      // No rate to check against: at least the payments cover what is borrowed (no offer 100 times too small).
      const price = typeof row.price === "number" ? row.price : 0;
      return (
        o.annualRateBasisPoints === null &&
        o.monthlyPayment * o.months + MONTHLY_TOLERANCE_CENTS < price - o.downPayment
      );
    },
  },
  {
    rule: "Views add up: a posting's total is the sum of its daily views (decision 070)",
    sql: `SELECT p.id AS id, p.views_total || ' / ' || coalesce(sum(v.views), 0) AS detail FROM postings p
          LEFT JOIN posting_views_daily v ON v.posting_id = p.id GROUP BY p.id HAVING p.views_total <> coalesce(sum(v.views), 0)`,
  },
  {
    rule: "A posting's price history ends at its price: the last change's new price is the asking price (issue 28)",
    sql: `SELECT p.id AS id, c.new_price || ' / ' || coalesce(p.search_price, 'null') AS detail FROM postings p
          JOIN posting_price_changes c ON c.id = (SELECT id FROM posting_price_changes WHERE posting_id = p.id
            ORDER BY changed_at DESC, id DESC LIMIT 1)
          WHERE c.new_price IS NOT p.search_price`,
  },
];

/** A D1 database as the Worker and the platform proxy give it. */
type D1Like = { prepare(sql: string): { all<T>(): Promise<{ results: T[] }> } };

export type IntegrityViolation = { rule: string; id: number; detail: string | null };

/** Runs every check; answers the rows that break a rule (none on healthy data). */
export async function findIntegrityViolations(d1: D1Like): Promise<IntegrityViolation[]> {
  const found: IntegrityViolation[] = [];
  for (const check of integrityChecks) {
    const { results } = await d1.prepare(check.sql).all<Row>();
    for (const r of results.filter((row) => !check.keep || check.keep(row)))
      found.push({ rule: check.rule, id: r.id, detail: r.detail === null ? null : String(r.detail) });
  }
  return found;
}
