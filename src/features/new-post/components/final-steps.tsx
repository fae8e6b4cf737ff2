import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { isFeaturingPackage } from "~/domain/featuring";
import { daysLabel, packageNames, type FeaturingChoice } from "~/features/featuring/components/featuring-options";
import { WizardFeaturing } from "~/features/featuring/components/wizard-featuring";
import { useBuyFeaturing } from "~/features/featuring/use-buy-featuring";
import { ApiError } from "~/lib/api/client";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/contracts/drafts";
import { warrantyFields } from "../detail-fields";
import type { DraftUpdateInput } from "~/contracts/drafts";
import { FieldInput } from "./field-input";
import { useDraftSave } from "./use-draft-save";

/** The featuring picked on the advertising step travels to the warranty step in its address (`package`, `days`). */
export function featuringChoiceOf(search: { package?: unknown; days?: unknown }): FeaturingChoice | null {
  const days = Number(search.days);
  return isFeaturingPackage(search.package) && Number.isInteger(days) && days > 0 && days <= 180
    ? { package: search.package, days }
    : null;
}

function withChoice(href: string, choice: FeaturingChoice | null) {
  if (!choice) return href;
  const url = new URL(href, "https://avtotrg.invalid");
  url.searchParams.set("package", choice.package);
  url.searchParams.set("days", String(choice.days));
  return `${url.pathname}${url.search}`;
}

/** "Atraktivnejša ponudba": featuring options (none preselected); "Naprej" goes on to the warranty, the last step. */
export function AdvertisingStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const search = useSearch({ strict: false }) as { package?: string; days?: string };
  const { saveAndGo, message } = useDraftSave(String(draft.id), draft.code);
  const [featuring, setFeaturing] = useState<FeaturingChoice | null>(featuringChoiceOf(search));
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void saveAndGo({ wizardStep: "warranty" }, withChoice(nextHref, featuring));
      }}
    >
      <h1 className="text-2xl font-bold">{m.wizard_step_advertising()}</h1>
      {message ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
          {message}
        </p>
      ) : null}
      <WizardFeaturing
        postId={draft.id}
        published={draft.status !== "DRAFT"}
        value={featuring}
        onChange={setFeaturing}
      />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary px-6 py-3">
          {m.wizard_next()}
        </button>
      </div>
    </form>
  );
}

/**
 * Warranty, the wizard's last step: type and duration in months with the association's offer, then
 * "Oddaj oglas" publishes the draft and buys the featuring chosen on the advertising step.
 */
export function WarrantyStep({ draft }: { draft: DraftView; nextHref?: string }) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { package?: string; days?: string };
  const featuring = featuringChoiceOf(search);
  const { save, errors: fieldErrors } = useDraftSave(String(draft.id), draft.code);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const buyFeaturing = useBuyFeaturing();
  const [publishedNow, setPublishedNow] = useState(false);
  const published = draft.status !== "DRAFT" || publishedNow;

  async function publish() {
    setBusy(true);
    setMessage(null);
    setErrors([]);
    try {
      if (!(await save({ wizardStep: "warranty" }))) {
        setBusy(false);
        return;
      }
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
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void publish();
      }}
    >
      <h1 className="text-2xl font-bold">{m.wizard_step_warranty()}</h1>
      <p className="rounded-lg bg-brand-50 p-3 text-sm">{m.warranty_offer()}</p>
      <div className="card grid gap-3 p-4 sm:grid-cols-2">
        {warrantyFields.map((def) => (
          <FieldInput
            key={def.name}
            def={def}
            value={(draft as unknown as Record<string, unknown>)[def.name]}
            error={fieldErrors[def.name] ?? null}
            onCommit={(v) => void save({ [def.name]: v } as DraftUpdateInput)}
          />
        ))}
      </div>
      <p className="text-sm text-muted" data-testid="featuring-summary">
        {featuring
          ? m.wizard_featuring_chosen({ package: packageNames[featuring.package](), days: daysLabel(featuring.days) })
          : m.wizard_featuring_none()}
      </p>
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
          {errors.length ? (
            <a className="mt-2 inline-block underline" href={`/nov-oglas/${draft.id}/karakteristike-in-oprema`}>
              {m.wizard_back_to_details()}
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="flex justify-end">
        <button type="submit" className="btn-accent px-6 py-3 text-lg" disabled={busy}>
          {published ? m.wizard_save_changes() : m.wizard_submit()}
        </button>
      </div>
    </form>
  );
}
