import {
  equipmentGroupLabels,
  equipmentGroupOf,
  equipmentLabels,
  groupEquipmentByKind,
  packageTitle,
  type EquipmentCode,
} from "~/domain/equipment";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { specGroup, specGroupKeys } from "~/domain/spec-rows";
import type { SpecGroupKey } from "~/domain/posting-field-table/define";
import { EquipmentItem } from "./equipment-item";

/** Grouped tables of every label field, then the equipment by kind (serial, additional, each package) with descriptor links and videos. */
export function SpecTables({ posting }: { posting: PostingDetail }) {
  const kindTitle = { SERIAL: m.equipment_serial(), ADDITIONAL: m.equipment_additional() } as const;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 desk:grid-cols-2">
        {specGroupKeys.map((key) => (
          <SpecGroupTable key={key} posting={posting} groupKey={key} />
        ))}
      </div>
      {posting.equipment.length > 0 ? (
        <section aria-labelledby="spec-equipment" className="card p-4">
          <h2 id="spec-equipment" className="mb-2 text-lg font-semibold">
            {m.equipment_title()}
          </h2>
          {groupEquipmentByKind(posting.equipment).map((g, i) => (
            <section
              key={g.key}
              aria-labelledby={`equipment-group-${i}`}
              className="mt-3"
              data-equipment-group={g.kind}
            >
              <h3 id={`equipment-group-${i}`} className="text-sm font-semibold text-muted">
                {g.kind === "PACKAGE" ? packageTitle(g.packageName) : kindTitle[g.kind]}
              </h3>
              <ul className="mt-1 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 desk:grid-cols-3">
                {g.items.map((e) => {
                  const label = e.descriptor?.name ?? equipmentLabels[e.code as EquipmentCode] ?? e.code;
                  const group =
                    e.code in equipmentLabels ? equipmentGroupLabels[equipmentGroupOf(e.code as EquipmentCode)] : null;
                  return <EquipmentItem key={e.code} label={label} group={group} descriptor={e.descriptor} />;
                })}
              </ul>
            </section>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** One table of SpecTables: its own component, so a phone's hydration can yield between the groups. */
function SpecGroupTable({ posting, groupKey }: { posting: PostingDetail; groupKey: SpecGroupKey }) {
  const g = specGroup(posting, groupKey);
  if (!g) return null;
  return (
    <section aria-labelledby={`spec-${g.key}`} className="card p-4">
      <h2 id={`spec-${g.key}`} className="mb-2 text-lg font-semibold">
        {g.title}
      </h2>
      <table className="w-full text-sm">
        <tbody>
          {g.rows.map(([label, value]) => (
            <tr key={label} className="border-t border-line first:border-0">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal text-muted">
                {label}
              </th>
              <td className="py-1.5 text-right font-medium">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
