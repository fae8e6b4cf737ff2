import { useQuery } from "@tanstack/react-query";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import { Select } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import type { DraftFieldsProps } from "../wizard";

/** Make and model of the draft (pre-filled from the VIN when it is known; both needed to publish); changing the make clears the model. */
export function VehicleFields({ draft, errors, save }: DraftFieldsProps) {
  const makes = useQuery(manufacturersQueryOptions());
  const models = useQuery({ ...modelsQueryOptions(draft.manufacturer ?? ""), enabled: Boolean(draft.manufacturer) });
  const options = (list: { value: string; text: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.value, label: o.text }));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select
        id="f-manufacturer"
        label={m.spec_brand()}
        value={draft.manufacturer ?? ""}
        onChange={(v) => void save({ manufacturer: v || null, model: null })}
        options={options(makes.data)}
        placeholder={m.wizard_choose()}
        required
        error={errors.manufacturer}
      />
      <Select
        id="f-model"
        label={m.spec_model()}
        value={draft.model ?? ""}
        disabled={!draft.manufacturer}
        onChange={(v) => void save({ manufacturer: draft.manufacturer, model: v || null })}
        options={options(models.data)}
        placeholder={m.wizard_choose()}
        required
        error={errors.model}
      />
    </div>
  );
}
