import { useSearch } from "@tanstack/react-router";
import { type ComponentType, useState } from "react";
import type { FeaturingChoice } from "~/domain/featuring";
import { daysLabel, packageNames } from "~/domain/featuring-labels";
import { m } from "~/paraglide/messages";
import type { DraftView } from "~/contracts/drafts";
import { warrantyFields } from "../detail-fields";
import type { DraftUpdateInput } from "~/contracts/drafts";
import { featuringChoiceOf, withChoice } from "./featuring-choice";
import { FieldInput } from "./field-input";
import { PreviewCard, PublishErrors } from "./publish-preview";
import { StepForm, StepMessage } from "./step-form";
import { type BuyFeaturing, usePublishDraft } from "../use-publish-draft";
import { useDraftSave } from "./use-draft-save";

/** The featuring options the route puts into the advertising step (the featuring feature's picker). */
export type FeaturingPicker = ComponentType<{
  postId: number;
  published: boolean;
  value: FeaturingChoice | null;
  onChange: (choice: FeaturingChoice | null) => void;
}>;

/**
 * "Atraktivnejša ponudba": featuring options (none preselected, `Featuring` from the route); "Naprej" goes on
 * to the warranty, the last step.
 */
export function AdvertisingStep({
  draft,
  nextHref,
  Featuring,
}: {
  draft: DraftView;
  nextHref: string;
  Featuring: FeaturingPicker;
}) {
  const search = useSearch({ strict: false }) as { package?: string; days?: string };
  const { saveAndGo, message, formRef } = useDraftSave(String(draft.id), draft.code);
  const [featuring, setFeaturing] = useState<FeaturingChoice | null>(featuringChoiceOf(search));
  return (
    <StepForm
      formRef={formRef}
      onSubmit={() => void saveAndGo({ wizardStep: "warranty" }, withChoice(nextHref, featuring))}
    >
      <h1 className="text-2xl font-bold">{m.wizard_step_advertising()}</h1>
      <StepMessage message={message} />
      <Featuring postId={draft.id} published={draft.status !== "DRAFT"} value={featuring} onChange={setFeaturing} />
    </StepForm>
  );
}

/**
 * Warranty, the wizard's last step: type and duration in months with the association's offer, the preview
 * of the card (and the link to the whole posting as buyers will see it), then "Oddaj oglas" publishes the draft and buys the featuring chosen on the advertising step (`buyFeaturing`,
 * from the route).
 */
export function WarrantyStep({
  draft,
  buyFeaturing,
}: {
  draft: DraftView;
  nextHref?: string;
  buyFeaturing: BuyFeaturing;
}) {
  const search = useSearch({ strict: false }) as { package?: string; days?: string };
  const featuring = featuringChoiceOf(search);
  const { save, errors: fieldErrors } = useDraftSave(String(draft.id), draft.code);
  const { publish, busy, published, message, errors, formRef } = usePublishDraft({
    draft,
    featuring,
    save,
    buy: buyFeaturing,
  });

  return (
    <StepForm
      formRef={formRef}
      onSubmit={() => void publish()}
      busy={busy}
      submitLabel={published ? m.wizard_save_changes() : m.wizard_submit()}
      submitClassName="btn-accent px-6 py-3 text-lg"
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
      <PreviewCard postId={draft.id} />
      <p className="text-sm text-muted" data-testid="featuring-summary">
        {featuring
          ? m.wizard_featuring_chosen({ package: packageNames[featuring.package](), days: daysLabel(featuring.days) })
          : m.wizard_featuring_none()}
      </p>
      <PublishErrors postId={draft.id} message={message} errors={errors} />
    </StepForm>
  );
}
