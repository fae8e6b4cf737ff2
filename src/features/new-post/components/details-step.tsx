import { useState } from "react";
import { equipmentCodes, equipmentGroupLabels, equipmentGroupOf, equipmentGroups, equipmentLabels } from "~/domain/equipment";
import { m } from "~/paraglide/messages";
import { detailGroups, type FieldDef } from "../detail-fields";
import type { DraftUpdateInput } from "../schemas";
import type { DraftView } from "~/services/drafts.server";
import { FieldInput } from "./field-input";
import { PriceExtras } from "./price-extras";
import { VehicleFields } from "./vehicle-fields";
import { useDraftSave } from "./use-draft-save";

/** Vehicle details and equipment: every field saved when left; "Naprej" saves the step and moves on. */
export function DetailsStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const { save, saveAndGo, errors, message, saving } = useDraftSave(String(draft.id), draft.code);
  const value = (def: FieldDef) => (draft as unknown as Record<string, unknown>)[def.name];
  // Ticks show at once; the list is saved after each change.
  const [equipment, setEquipment] = useState<string[]>(draft.equipment);
  const toggleEquipment = (code: string, on: boolean) => {
    const next = on ? [...equipment, code] : equipment.filter((c) => c !== code);
    setEquipment(next);
    void save({ equipment: next as DraftUpdateInput["equipment"] });
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void saveAndGo({ wizardStep: "pictures" }, nextHref);
      }}
    >
      <header>
        <h1 className="text-2xl font-bold">{m.wizard_details_title()}</h1>
        <p className="text-muted">{[draft.manufacturerName, draft.modelName, draft.trimName].filter(Boolean).join(" ") || m.my_postings_untitled()}</p>
        {draft.vin ? <p className="font-mono text-sm text-muted">{draft.vin}</p> : null}
      </header>
      {message ? <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">{message}</p> : null}
      <fieldset className="card space-y-3 p-4">
        <legend className="px-1 text-lg font-semibold">{m.wizard_step_vehicle()}</legend>
        <VehicleFields draft={draft} errors={errors} save={save} />
        {draft.model ? <a className="btn-outline" href={`/nov-oglas/${draft.id}/izbira-izvedenke`}>{m.trim_choose()}</a> : null}
      </fieldset>
      {detailGroups.map((group) => (
        <fieldset key={group.key} className="card space-y-3 p-4">
          <legend className="px-1 text-lg font-semibold">{group.title()}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {group.fields.map((def) => (
              <FieldInput key={def.name} def={def} value={value(def)} error={errors[def.name] ?? null} onCommit={(v) => void save({ [def.name]: v } as DraftUpdateInput)} />
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
        {equipmentGroups.map((g) => (
          <div key={g}>
            <h3 className="text-sm font-semibold text-muted">{equipmentGroupLabels[g]}</h3>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {equipmentCodes
                .filter((c) => equipmentGroupOf(c) === g)
                .map((c) => (
                  <label key={c} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={equipment.includes(c)} onChange={(e) => toggleEquipment(c, e.target.checked)} />
                    {equipmentLabels[c]}
                  </label>
                ))}
            </div>
          </div>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary px-6 py-3" disabled={saving}>{m.wizard_next()}</button>
      </div>
    </form>
  );
}
