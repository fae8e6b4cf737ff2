import { useState } from "react";
import {
  equipmentCodes,
  equipmentGroupLabels,
  equipmentGroupOf,
  equipmentGroups,
  type EquipmentCode,
  type EquipmentItem,
} from "~/domain/equipment";
import { m } from "~/paraglide/messages";
import { detailGroups, type FieldDef } from "../detail-fields";
import type { DraftUpdateInput } from "~/contracts/drafts";
import type { DraftView } from "~/contracts/drafts";
import { EquipmentChoice } from "./equipment-choice";
import { FieldInput } from "./field-input";
import { PriceExtras } from "./price-extras";
import { StepForm, StepMessage } from "./step-form";
import { VehicleFields } from "./vehicle-fields";
import { useDraftSave } from "./use-draft-save";

/** Vehicle details and equipment: every field saved when left; "Naprej" saves the step and moves on. */
export function DetailsStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const { save, saveAndGo, errors, message, saving, formRef } = useDraftSave(String(draft.id), draft.code);
  const value = (def: FieldDef) => (draft as unknown as Record<string, unknown>)[def.name];
  // Ticks and kinds show at once; the list (each item with its kind) is saved after each change.
  const [equipment, setEquipment] = useState<EquipmentItem[]>(draft.equipmentItems);
  const saveEquipment = (next: EquipmentItem[]) => {
    setEquipment(next);
    void save({ equipment: next });
  };
  const packageNames = [...new Set(equipment.map((e) => e.packageName).filter((n): n is string => Boolean(n)))];
  const equipmentError =
    Object.entries(errors).find(([k]) => k === "equipment" || k.startsWith("equipment."))?.[1] ?? null;

  return (
    <StepForm formRef={formRef} onSubmit={() => void saveAndGo({ wizardStep: "pictures" }, nextHref)} busy={saving}>
      <header>
        <h1 className="text-2xl font-bold">{m.wizard_details_title()}</h1>
        <p className="text-muted">
          {[draft.manufacturerName, draft.modelName, draft.trimName].filter(Boolean).join(" ") ||
            m.my_postings_untitled()}
        </p>
        {draft.vin ? <p className="font-mono text-sm text-muted">{draft.vin}</p> : null}
      </header>
      <StepMessage message={message} />
      <fieldset className="card space-y-3 p-4">
        <legend className="px-1 text-lg font-semibold">{m.wizard_step_vehicle()}</legend>
        <VehicleFields draft={draft} errors={errors} save={save} />
        {draft.model ? (
          <a className="btn-outline" href={`/nov-oglas/${draft.id}/izbira-izvedenke`}>
            {m.trim_choose()}
          </a>
        ) : null}
      </fieldset>
      {detailGroups.map((group) => (
        <fieldset key={group.key} className="card space-y-3 p-4">
          <legend className="px-1 text-lg font-semibold">{group.title()}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {group.fields.map((def) => (
              <FieldInput
                key={def.name}
                def={def}
                value={value(def)}
                error={errors[def.name] ?? null}
                onCommit={(v) => void save({ [def.name]: v } as DraftUpdateInput)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="card space-y-3 p-4">
        <legend className="px-1 text-lg font-semibold">{m.wizard_group_rental()}</legend>
        <PriceExtras draft={draft} errors={errors} save={save} />
      </fieldset>
      <fieldset className="card space-y-3 p-4">
        <legend className="px-1 text-lg font-semibold">{m.equipment_title()}</legend>
        <p id="equipment-hint" className="text-sm text-muted">
          {m.equipment_kinds_hint()}
        </p>
        {equipmentError ? (
          <p role="alert" className="text-sm text-danger">
            {equipmentError}
          </p>
        ) : null}
        <datalist id="equipment-packages">
          {packageNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        {equipmentGroups.map((g) => (
          <div key={g}>
            <h3 className="text-sm font-semibold text-muted">{equipmentGroupLabels[g]}</h3>
            <ul className="mt-1 grid gap-1 sm:grid-cols-2">
              {equipmentCodes
                .filter((c) => equipmentGroupOf(c) === g)
                .map((c: EquipmentCode) => (
                  <EquipmentChoice
                    key={c}
                    code={c}
                    item={equipment.find((e) => e.code === c) ?? null}
                    onChange={(item) =>
                      saveEquipment(
                        item
                          ? equipment.some((e) => e.code === c)
                            ? equipment.map((e) => (e.code === c ? item : e))
                            : [...equipment, item]
                          : equipment.filter((e) => e.code !== c),
                      )
                    }
                  />
                ))}
            </ul>
          </div>
        ))}
      </fieldset>
    </StepForm>
  );
}
