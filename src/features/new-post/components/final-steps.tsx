import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { FeaturingChoice } from "~/features/featuring/components/featuring-options";
import { WizardFeaturing } from "~/features/featuring/components/wizard-featuring";
import { useBuyFeaturing } from "~/features/featuring/use-buy-featuring";
import { ApiError } from "~/lib/api/client";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/services/drafts.server";
import { warrantyFields } from "../detail-fields";
import type { DraftUpdateInput } from "../schemas";
import { FieldInput } from "./field-input";
import { useDraftSave } from "./use-draft-save";

/** Warranty: type and duration in months, with the association's warranty offer. */
export function WarrantyStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const { save, saveAndGo, errors, message } = useDraftSave(String(draft.id), draft.code);
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void saveAndGo({ wizardStep: "advertising" }, nextHref);
      }}
    >
      <h1 className="text-2xl font-bold">{m.wizard_step_warranty()}</h1>
      <p className="rounded-lg bg-brand-50 p-3 text-sm">{m.warranty_offer()}</p>
      {message ? <p role="alert" className="text-sm text-danger">{message}</p> : null}
      <div className="card grid gap-3 p-4 sm:grid-cols-2">
        {warrantyFields.map((def) => (
          <FieldInput key={def.name} def={def} value={(draft as unknown as Record<string, unknown>)[def.name]} error={errors[def.name] ?? null} onCommit={(v) => void save({ [def.name]: v } as DraftUpdateInput)} />
        ))}
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary px-6 py-3">{m.wizard_next()}</button>
      </div>
    </form>
  );
}

/** "Atraktivnejša ponudba": featuring options (none preselected), then "Oddaj oglas" publishes and buys the chosen featuring. */
export function AdvertisingStep({ draft }: { draft: DraftView; nextHref?: string }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [featuring, setFeaturing] = useState<FeaturingChoice | null>(null);
  const buyFeaturing = useBuyFeaturing();
  const [publishedNow, setPublishedNow] = useState(false);
  const published = draft.status !== "DRAFT" || publishedNow;

  async function publish() {
    setBusy(true);
    setMessage(null);
    setErrors([]);
    try {
      if (!published) await api.publishDraft(draft.code);
      setPublishedNow(true);
      if (featuring) {
        // Published now; the purchase leaves for the checkout or the result page, or says why not.
        const refusal = await buyFeaturing(draft.id, featuring);
        if (refusal) {
          setMessage(refusal);
          setBusy(false);
        }
        return;
      }
      void navigate({ href: `/oglas/${draft.id}` });
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.fieldErrors);
        setMessage(e.fieldErrors.length ? m.wizard_check_errors() : e.firstMessage);
      } else setMessage(m.error_generic());
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{m.wizard_step_advertising()}</h1>
      <WizardFeaturing postId={draft.id} published={draft.status !== "DRAFT"} value={featuring} onChange={setFeaturing} />
      {message ? (
        <div role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
          <p className="font-semibold">{message}</p>
          {errors.length ? (
            <ul className="mt-1 list-inside list-disc">
              {errors.map((f) => (
                <li key={f.field}>{f.message}</li>
              ))}
            </ul>
          ) : null}
          {errors.length ? <a className="mt-2 inline-block underline" href={`/nov-oglas/${draft.id}/karakteristike-in-oprema`}>{m.wizard_back_to_details()}</a> : null}
        </div>
      ) : null}
      <div className="flex justify-end">
        <button type="button" className="btn-accent px-6 py-3 text-lg" disabled={busy} onClick={() => void publish()}>
          {published ? m.wizard_save_changes() : m.header_new_post()}
        </button>
      </div>
    </div>
  );
}
