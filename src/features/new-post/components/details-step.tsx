import { useState } from "react";
import { useMe } from "~/client/use-session";
import { Checkbox } from "~/components/ui/field";
import type { DraftUpdateInput, DraftView } from "~/contracts/drafts";
import { missingForPublish, requiredNow } from "~/domain/posting-field-table/publish-rules";
import { m } from "~/paraglide/messages";
import { detailGroups, type FieldDef, optionsFor } from "../detail-fields";
import { EquipmentSection } from "./equipment-section";
import { FieldInput } from "./field-input";
import { MarketEstimate } from "./market-estimate";
import { PriceExtras } from "./price-extras";
import { MissingSummary, StepForm, StepMessage } from "./step-form";
import { useDraftSave } from "./use-draft-save";
import { VehicleFields } from "./vehicle-fields";

/** "Naprej" on the details step: everything publishing needs (one rule set with the server, issue 23). */
const checkDetails = (draft: DraftView) => missingForPublish(draft);

/**
 * Vehicle details and equipment: every field saved when left; "Naprej" checks what publishing needs, then
 * saves the step and moves on. A private seller sees the essential fields and no dealer-only one; the rest
 * waits behind "Več podatkov" (open for a dealership, which fills most of them).
 */
export function DetailsStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const { save, saveAndGo, errors, settled, missing, message, formRef } = useDraftSave(
    String(draft.id),
    draft.code,
    checkDetails,
  );
  const [moreOpen, setMoreOpen] = useState(!draft.privatePosting);
  const value = (def: FieldDef) => (draft as unknown as Record<string, unknown>)[def.name];
  const required = requiredNow(draft);
  const shown = (def: FieldDef) => !(def.dealerOnly && draft.privatePosting);
  // The special price is asked at once only when the price type has one; else it waits with the rest.
  const atOnce = (d: FieldDef) =>
    Boolean(d.essential) && (d.name !== "specialPrice" || draft.priceType === "SPECIAL_OFFER");
  const groups = detailGroups.map((g) => ({
    ...g,
    essential: g.fields.filter((d) => shown(d) && atOnce(d)),
    more: g.fields.filter((d) => shown(d) && !atOnce(d)),
  }));
  const moreFields = new Set(groups.flatMap((g) => g.more.map((d) => d.name as string)));
  // A field behind the disclosure that is marked invalid opens it, so the seller sees it and focus reaches it.
  const moreHasError = Object.keys(errors).some(
    (k) => moreFields.has(k) || /^(equipment|financingOffers|rentalPrices)\b/.test(k),
  );
  const fieldsOf = (defs: FieldDef[]) => (
    <div className="grid gap-3 sm:grid-cols-2">
      {defs.map((def) => (
        <FieldInput
          key={def.name}
          def={def}
          value={value(def)}
          error={errors[def.name] ?? null}
          settled={settled[def.name] ?? null}
          required={required.has(def.name)}
          options={def.kind === "select" ? optionsFor(def, draft.privatePosting) : undefined}
          onCommit={(v) => void save({ [def.name]: v } as DraftUpdateInput)}
        />
      ))}
    </div>
  );

  return (
    <StepForm formRef={formRef} onSubmit={() => void saveAndGo({ wizardStep: "pictures" }, nextHref)}>
      <header>
        <h1 className="text-2xl font-bold">{m.wizard_details_title()}</h1>
        <p className="text-muted">
          {[draft.manufacturerName, draft.modelName, draft.trimName].filter(Boolean).join(" ") ||
            m.my_postings_untitled()}
        </p>
        {draft.vin ? <p className="font-mono text-sm text-muted">{draft.vin}</p> : null}
        <p className="mt-2 text-sm text-muted">{m.wizard_required_note()}</p>
      </header>
      <MissingSummary missing={missing} />
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
      {groups.map((group) =>
        group.essential.length ? (
          <fieldset key={group.key} className="card space-y-3 p-4">
            <legend className="px-1 text-lg font-semibold">{group.title()}</legend>
            {fieldsOf(group.essential)}
            {group.key === "price" ? <MarketEstimate draft={draft} /> : null}
            {group.key === "contact" ? <ShowMyEmail draft={draft} save={save} /> : null}
          </fieldset>
        ) : null,
      )}
      <details
        className="group card p-4"
        open={moreOpen || moreHasError}
        onToggle={(e) => setMoreOpen(e.currentTarget.open)}
        data-testid="more-details"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3">
          <span className="flex-1">
            <span className="block text-lg font-semibold">{m.wizard_more_details()}</span>
            <span className="block text-sm text-muted">{m.wizard_more_details_hint()}</span>
          </span>
          <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="mt-4 space-y-6">
          {groups.map((group) =>
            group.more.length ? (
              <fieldset key={group.key} className="space-y-3">
                <legend className="text-lg font-semibold">{group.title()}</legend>
                {fieldsOf(group.more)}
              </fieldset>
            ) : null,
          )}
          {draft.privatePosting ? null : (
            <fieldset className="space-y-3">
              <legend className="text-lg font-semibold">{m.wizard_group_rental()}</legend>
              <PriceExtras draft={draft} errors={errors} save={save} />
            </fieldset>
          )}
          <EquipmentSection draft={draft} errors={errors} save={save} />
        </div>
      </details>
    </StepForm>
  );
}

/**
 * Privacy by default (issue 23): the buyers' address is what the seller enters; the tick fills in the account's
 * address, unticking clears it. Nothing entered, nothing published (buyers call the phone instead).
 */
function ShowMyEmail({ draft, save }: { draft: DraftView; save: (patch: DraftUpdateInput) => Promise<boolean> }) {
  const email = useMe()?.email ?? null;
  // The tick shows at once; the address follows when the save answers.
  const [shown, setShown] = useState(email !== null && draft.contactEmail === email);
  if (!email) return <p className="text-sm text-muted">{m.wizard_contact_email_hint()}</p>;
  return (
    <Checkbox
      id="f-show-my-email"
      label={m.wizard_show_my_email({ email })}
      hint={m.wizard_contact_email_hint()}
      checked={shown}
      onChange={(on) => {
        setShown(on);
        void save({ contactEmail: on ? email : null });
      }}
    />
  );
}
