import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { fuelLabels, labelOf, bodyTypeLabels } from "~/domain/enums";
import { formatNumber, formatPower } from "~/domain/format";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/services/drafts.server";
import { useDraftSave } from "./use-draft-save";

/** Trim selection: the model's trims for the car's year with kW/hp, fuel, displacement and body; the choice pre-fills the details. */
export function TrimStep({ draft, detailsHref }: { draft: DraftView; detailsHref: string }) {
  const navigate = useNavigate();
  const { save, message } = useDraftSave(String(draft.id), draft.code);
  const [busy, setBusy] = useState(false);
  const year = draft.firstRegistration ?? (draft.modelYear ? `${draft.modelYear}-06` : undefined);
  const trims = useQuery({
    queryKey: ["trims", draft.manufacturer, draft.model, year],
    queryFn: () => api.searchTrims({ manufacturer: draft.manufacturer ?? "", model: draft.model ?? "", firstRegistrationDate: year }),
    enabled: Boolean(draft.manufacturer && draft.model),
  });
  const choose = async (trimId: number) => {
    setBusy(true);
    if (await save({ trimId })) void navigate({ href: detailsHref });
    setBusy(false);
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.trim_title()}</h1>
      <p className="text-muted">{[draft.manufacturerName, draft.modelName, draft.modelYear].filter(Boolean).join(" ")}</p>
      {message ? <p role="alert" className="text-sm text-danger">{message}</p> : null}
      {!draft.model ? <p>{m.trim_need_model()}</p> : null}
      {trims.data?.length === 0 ? <p>{m.trim_none()}</p> : null}
      <ul className="space-y-2" data-testid="trims">
        {(trims.data ?? []).map((t) => (
          <li key={t.id}>
            <button type="button" disabled={busy} onClick={() => void choose(t.id)} className={`card w-full p-3 text-left hover:ring-2 hover:ring-brand-600 ${draft.trimId === t.id ? "ring-2 ring-brand-700" : ""}`}>
              <span className="block font-semibold">{t.seriesName} {t.name}</span>
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
      <a href={detailsHref} className="btn-outline">{m.trim_skip()}</a>
    </div>
  );
}
