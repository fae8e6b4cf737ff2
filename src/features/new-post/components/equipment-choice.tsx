import { useEffect, useState } from "react";
import {
  equipmentKinds,
  equipmentLabels,
  type EquipmentCode,
  type EquipmentItem,
  type EquipmentKind,
} from "~/domain/equipment";
import { m } from "~/paraglide/messages";

const kindLabel: Record<EquipmentKind, () => string> = {
  SERIAL: m.equipment_kind_serial,
  ADDITIONAL: m.equipment_kind_additional,
  PACKAGE: m.equipment_kind_package,
};

/**
 * One equipment item of the wizard: a tick, and once ticked its kind (serial, additional, in a package) and,
 * for a package, the package's name (decision 051). Native controls with their own labels: keyboard and touch.
 */
export function EquipmentChoice({
  code,
  item,
  onChange,
}: {
  code: EquipmentCode;
  item: EquipmentItem | null;
  onChange: (item: EquipmentItem | null) => void;
}) {
  const name = equipmentLabels[code];
  const [packageName, setPackageName] = useState(item?.packageName ?? "");
  useEffect(() => setPackageName(item?.packageName ?? ""), [item?.packageName]);
  return (
    <li className="rounded-lg py-1" data-equipment={code}>
      <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
        <input
          type="checkbox"
          checked={item !== null}
          onChange={(e) => onChange(e.target.checked ? { code, kind: "SERIAL", packageName: null } : null)}
          aria-describedby="equipment-hint"
        />
        {name}
      </label>
      {item ? (
        <div className="ml-6 mt-1 flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`eq-kind-${code}`}>
            {m.equipment_kind_label({ item: name })}
          </label>
          <select
            id={`eq-kind-${code}`}
            className="field-input w-auto min-w-[9rem] py-1.5 text-sm"
            value={item.kind}
            onChange={(e) =>
              onChange({
                code,
                kind: e.target.value as EquipmentKind,
                packageName: e.target.value === "PACKAGE" ? item.packageName : null,
              })
            }
          >
            {equipmentKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel[k]()}
              </option>
            ))}
          </select>
          {item.kind === "PACKAGE" ? (
            <>
              <label className="sr-only" htmlFor={`eq-package-${code}`}>
                {m.equipment_package_name_label({ item: name })}
              </label>
              <input
                id={`eq-package-${code}`}
                className="field-input min-w-0 flex-1 basis-40 py-1.5 text-sm"
                list="equipment-packages"
                maxLength={60}
                placeholder={m.equipment_package_name_placeholder()}
                value={packageName}
                onChange={(e) => setPackageName(e.target.value)}
                onBlur={() => {
                  const next = packageName.replace(/\s+/g, " ").trim() || null;
                  if (next !== item.packageName) onChange({ ...item, packageName: next });
                }}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
