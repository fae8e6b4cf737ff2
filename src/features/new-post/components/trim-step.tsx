import { useQuery } from "@tanstack/react-query";
import { labelOf } from "~/domain/enums/labels";
import { fuelLabels, bodyTypeLabels } from "~/domain/enums/vehicle";
import { formatNumber, formatPower } from "~/domain/format";
import type { Me } from "~/domain/user";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/contracts/drafts";
import { useStartDraft } from "../use-start-draft";
import { trimsQueryOptions } from "../wizard";
import { useDraftSave } from "./use-draft-save";

/** The model's trims (for the car's year when known) with kW/hp, fuel, displacement and body, as buttons. */
function TrimChoices({
  manufacturer,
  model,
  year,
  selectedId,
  busy,
  onChoose,
}: {
  manufacturer: string;
  model: string;
  year?: string;
  selectedId: number | null;
  busy: boolean;
  onChoose: (trimId: number) => void;
}) {
  const trims = useQuery(trimsQueryOptions(manufacturer, model, year));
  return (
    <>
      {trims.data?.length === 0 ? <p>{m.trim_none()}</p> : null}
      <ul className="space-y-2" data-testid="trims">
        {(trims.data ?? []).map((t) => (
          <li key={t.id}>
            <button
              type="button"
              disabled={busy}
              onClick={() => onChoose(t.id)}
              className={`card w-full p-3 text-left hover:ring-2 hover:ring-brand-600 ${selectedId === t.id ? "ring-2 ring-brand-700" : ""}`}
            >
              <span className="block font-semibold">
                {t.seriesName} {t.name}
              </span>
              <span className="block text-sm text-muted">
                {[
                  t.yearFrom ? `${t.yearFrom}–${t.yearTo ?? ""}` : null,
                  t.powerKw ? formatPower(t.powerKw) : null,
                  labelOf(fuelLabels, t.fuel),
                  t.displacementCcm ? m.value_ccm({ value: formatNumber(t.displacementCcm) }) : null,
                  labelOf(bodyTypeLabels, t.bodyType),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Trim selection for a draft: the choice pre-fills the details (the seller can still change each value). */
export function TrimStep({ draft, detailsHref }: { draft: DraftView; detailsHref: string }) {
  const { saveAndGo, going: busy, message } = useDraftSave(String(draft.id), draft.code);
  const year = draft.firstRegistration ?? (draft.modelYear ? `${draft.modelYear}-06` : undefined);
  const choose = (trimId: number) => saveAndGo({ trimId }, detailsHref);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.trim_title()}</h1>
      <p className="text-muted" data-testid="trim-vehicle">
        {[draft.manufacturerName, draft.modelName, draft.modelYear].filter(Boolean).join(" ")}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      {!draft.model ? <p>{m.trim_need_model()}</p> : null}
      {draft.manufacturer && draft.model ? (
        <TrimChoices
          manufacturer={draft.manufacturer}
          model={draft.model}
          year={year}
          selectedId={draft.trimId}
          busy={busy}
          onChoose={(id) => void choose(id)}
        />
      ) : null}
      <a href={detailsHref} className="btn-outline">
        {m.trim_skip()}
      </a>
    </div>
  );
}

/**
 * Trim selection before a draft exists (`/nov-oglas/izbira-izvedenke`, spec section 2): the make and
 * model chosen by hand, then a trim (or none); "Naprej" starts the draft like step 1 does.
 */
export function NewTrimStep({ me, manufacturer, model }: { me: Me | null; manufacturer: string; model: string }) {
  const { start, busy, error } = useStartDraft(me);
  const makes = useQuery(manufacturersQueryOptions());
  const models = useQuery(modelsQueryOptions(manufacturer));
  const makeName = makes.data?.find((o) => o.value === manufacturer)?.text;
  const modelName = models.data?.find((o) => o.value === model)?.text;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.trim_title()}</h1>
      <p className="text-muted" data-testid="trim-vehicle">
        {[makeName, modelName].filter(Boolean).join(" ")}
      </p>
      <p className="text-sm text-muted">{m.trim_intro()}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {manufacturer && model ? (
        <TrimChoices
          manufacturer={manufacturer}
          model={model}
          selectedId={null}
          busy={busy}
          onChoose={(trimId) => void start({ vin: null, manufacturer, model, trimId })}
        />
      ) : (
        <p>{m.trim_need_model()}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href="/nov-oglas" className="btn-outline">
          {m.trim_back_to_vehicle()}
        </a>
        {manufacturer && model ? (
          <button
            type="button"
            className="btn-outline"
            disabled={busy}
            onClick={() => void start({ vin: null, manufacturer, model })}
          >
            {m.trim_skip()}
          </button>
        ) : null}
      </div>
    </div>
  );
}
