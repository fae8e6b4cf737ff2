import { useState } from "react";
import {
  type EquipmentCode,
  type EquipmentItem,
  equipmentGroupLabels,
  equipmentGroupOf,
  equipmentGroups,
  tickableEquipmentCodes,
} from "~/domain/equipment";
import { FieldError } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import type { DraftFieldsProps } from "../wizard";
import { EquipmentChoice } from "./equipment-choice";

/**
 * The equipment ticks, each with its kind; the list is saved after each change. 4×4 and alloy rims are asked
 * as the drive and rims fields, so they have no tick here (issue 23, decision 060).
 */
export function EquipmentSection({ draft, errors, save }: DraftFieldsProps) {
  // Ticks and kinds show at once; the list (each item with its kind) is saved after each change.
  const [equipment, setEquipment] = useState<EquipmentItem[]>(draft.equipmentItems);
  const saveEquipment = (next: EquipmentItem[]) => {
    setEquipment(next);
    void save({ equipment: next });
  };
  const packageNames = [...new Set(equipment.map((e) => e.packageName).filter((n): n is string => Boolean(n)))];
  const equipmentError =
    Object.entries(errors).find(([k]) => k === "equipment" || k.startsWith("equipment."))?.[1] ?? null;
  const change = (c: EquipmentCode, item: EquipmentItem | null) =>
    saveEquipment(
      item
        ? equipment.some((e) => e.code === c)
          ? equipment.map((e) => (e.code === c ? item : e))
          : [...equipment, item]
        : equipment.filter((e) => e.code !== c),
    );
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">{m.equipment_title()}</legend>
      <p id="equipment-hint" className="text-sm text-muted">
        {m.equipment_kinds_hint()}
      </p>
      <FieldError id="equipment" error={equipmentError} announce />
      <datalist id="equipment-packages">
        {packageNames.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {equipmentGroups.map((g) => (
        <div key={g}>
          <h3 className="text-sm font-semibold text-muted">{equipmentGroupLabels[g]}</h3>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2">
            {tickableEquipmentCodes
              .filter((c) => equipmentGroupOf(c) === g)
              .map((c) => (
                <EquipmentChoice
                  key={c}
                  code={c}
                  item={equipment.find((e) => e.code === c) ?? null}
                  onChange={(item) => change(c, item)}
                />
              ))}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}
