import { useQuery } from "@tanstack/react-query";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/contracts/drafts";
import type { DraftUpdateInput } from "~/contracts/drafts";

/** Make and model of the draft (pre-filled from the VIN when it is known); changing the make clears the model. */
export function VehicleFields({
  draft,
  errors,
  save,
}: {
  draft: DraftView;
  errors: Record<string, string>;
  save: (patch: DraftUpdateInput) => Promise<boolean>;
}) {
  const makes = useQuery(manufacturersQueryOptions());
  const models = useQuery({ ...modelsQueryOptions(draft.manufacturer ?? ""), enabled: Boolean(draft.manufacturer) });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label className="field-label" htmlFor="f-manufacturer">
          {m.spec_brand()}
        </label>
        <select
          id="f-manufacturer"
          className="field-input"
          value={draft.manufacturer ?? ""}
          aria-invalid={errors.manufacturer ? true : undefined}
          onChange={(e) => void save({ manufacturer: e.target.value || null, model: null })}
        >
          <option value="">{m.wizard_choose()}</option>
          {(makes.data ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
        {errors.manufacturer ? <p className="mt-1 text-sm text-danger">{errors.manufacturer}</p> : null}
      </div>
      <div>
        <label className="field-label" htmlFor="f-model">
          {m.spec_model()}
        </label>
        <select
          id="f-model"
          className="field-input"
          value={draft.model ?? ""}
          disabled={!draft.manufacturer}
          aria-invalid={errors.model ? true : undefined}
          onChange={(e) => void save({ manufacturer: draft.manufacturer, model: e.target.value || null })}
        >
          <option value="">{m.wizard_choose()}</option>
          {(models.data ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
        {errors.model ? <p className="mt-1 text-sm text-danger">{errors.model}</p> : null}
      </div>
    </div>
  );
}
