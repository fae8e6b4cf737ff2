// The data-integrity scan of issue 21: every rule the write paths hold, as a query that lists the
// rows breaking it. `npm run check:data` runs it on the seeded database; tests/posting-rules.test.ts
// plants one bad row per rule and expects the scan to find it.
import { euroStandards } from "~/domain/enums";
import { countryCodes } from "~/domain/posting-fields";

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
// E.164: "+", a non-zero first digit, 8 to 15 digits in all.
const badPhone = (column: string) => `(${column} IS NOT NULL AND NOT (${column} GLOB '+[1-9]*' AND ${column} NOT GLOB '+*[^0-9]*' AND length(${column}) BETWEEN 9 AND 16))`;

export type IntegrityCheck = { rule: string; sql: string };

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
  { rule: "Phones stored as E.164: users", sql: `SELECT id, phone_number AS detail FROM users WHERE ${badPhone("phone_number")}` },
  { rule: "Phones stored as E.164: salespeople", sql: `SELECT id, phone_number AS detail FROM salespeople WHERE ${badPhone("phone_number")}` },
  { rule: "Phones stored as E.164: dealer contacts", sql: `SELECT id, phone AS detail FROM dealer_contacts WHERE ${badPhone("phone")}` },
  { rule: "Phones stored as E.164: dealerships", sql: `SELECT id, coalesce(phone, responsible_phone) AS detail FROM dealerships WHERE ${badPhone("phone")} OR ${badPhone("responsible_phone")}` },
  { rule: "Phones stored as E.164: posting contact phones", sql: `SELECT posting_id AS id, contact_phone AS detail FROM posting_details WHERE ${badPhone("contact_phone")}` },
  {
    rule: "Financing offers in cents: total = down payment + months × monthly payment (within 1 €), and the payment at least the interest-free share of the price",
    sql: `SELECT d.posting_id AS id, o.value AS detail FROM posting_details d JOIN postings p ON p.id = d.posting_id, json_each(d.financing_offers) o
          WHERE abs(json_extract(o.value, '$.downPayment') + json_extract(o.value, '$.months') * json_extract(o.value, '$.monthlyPayment') - json_extract(o.value, '$.total')) > 100
             OR json_extract(o.value, '$.monthlyPayment') * json_extract(o.value, '$.months') + 100 < coalesce(p.special_price, p.price, 0) - json_extract(o.value, '$.downPayment')`,
  },
];

/** A D1 database as the Worker and the platform proxy give it. */
type D1Like = { prepare(sql: string): { all<T>(): Promise<{ results: T[] }> } };

export type IntegrityViolation = { rule: string; id: number; detail: string | null };

/** Runs every check; answers the rows that break a rule (none on healthy data). */
export async function findIntegrityViolations(d1: D1Like): Promise<IntegrityViolation[]> {
  const found: IntegrityViolation[] = [];
  for (const check of integrityChecks) {
    const { results } = await d1.prepare(check.sql).all<{ id: number; detail: string | null }>();
    for (const r of results) found.push({ rule: check.rule, id: r.id, detail: r.detail === null ? null : String(r.detail) });
  }
  return found;
}
