import { useSuspenseQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Field, FormError, SubmitButton, TextArea } from "~/components/ui/field";
import { Form } from "~/components/ui/form";
import { Notice } from "~/components/ui/notice";
import { centsToEuroInput } from "~/domain/money";
import { postingStatusLabels } from "~/domain/enums/posting";
import { postingEditHref } from "~/domain/wizard-steps";
import { m } from "~/paraglide/messages";
import { formatFieldValue } from "../detail-fields";
import { SlotSection } from "./slot-section";
import { quickEditPatch, type QuickEditText, useQuickEditPosting } from "../use-quick-edit-posting";
import { draftQueryOptions } from "../wizard";

/** An amount in euros as people type it ("8.490", "8490,50"). */
function EuroField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return <Field {...props} labelSuffix={<span className="ml-1 text-muted">(€)</span>} inputMode="decimal" />;
}

/**
 * /uporabnik/moji-oglasi/{postId}/uredi, "Hitro urejanje oglasa": price, mileage and description on one page
 * with one "Shrani", the photos (`photos`, from the route) and the way into the whole wizard.
 */
export function QuickEditPage({ postId, photos }: { postId: string; photos: ReactNode }) {
  const draft = useSuspenseQuery(draftQueryOptions(postId)).data;
  const form = useQuickEditPosting(draft.id, draft.code);
  const sendsPrice = draft.priceType !== "RENTAL_ONLY";
  const special = draft.priceType === "SPECIAL_OFFER";
  const [text, setText] = useState<QuickEditText>(() => ({
    price: centsToEuroInput(draft.price),
    specialPrice: special ? centsToEuroInput(draft.specialPrice) : null,
    odometerKm: formatFieldValue("int", draft.odometerKm),
    description: draft.description ?? "",
  }));
  const set = (key: keyof QuickEditText) => (value: string) => setText((t) => ({ ...t, [key]: value }));
  const title = [draft.manufacturerName, draft.modelName, draft.trimName].filter(Boolean).join(" ");
  const error = (key: string) => form.fieldErrors[key] ?? null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{m.quick_edit_title()}</h1>
        <p className="mt-1 text-muted">
          {title} · {postingStatusLabels[draft.status]}
        </p>
        <p className="mt-2 text-sm">{m.quick_edit_lead()}</p>
      </div>
      <Form
        form={{ formRef: form.formRef, submit: form.save }}
        input={() => quickEditPatch(text, sendsPrice)}
        className="card space-y-4 p-4"
      >
        {sendsPrice ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <EuroField
              id="qe-price"
              label={m.wizard_price()}
              value={text.price}
              onChange={set("price")}
              error={error("price")}
            />
            {text.specialPrice !== null ? (
              <EuroField
                id="qe-special-price"
                label={m.wizard_special_price()}
                value={text.specialPrice}
                onChange={set("specialPrice")}
                error={error("specialPrice")}
              />
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted">{m.quick_edit_rental_hint()}</p>
        )}
        <Field
          id="qe-odometer"
          label={m.spec_mileage()}
          labelSuffix={<span className="ml-1 text-muted">(km)</span>}
          inputMode="numeric"
          value={text.odometerKm}
          onChange={set("odometerKm")}
          error={error("odometerKm")}
        />
        <TextArea
          id="qe-description"
          label={m.posting_description()}
          rows={8}
          value={text.description}
          onChange={set("description")}
          error={error("description")}
        />
        <FormError message={form.formError} />
        <Notice notice={form.saved ? { text: m.quick_edit_saved(), error: false } : null} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <a className="btn-ghost" href={`/oglas/${draft.id}`}>
            {m.quick_edit_view()}
          </a>
          <SubmitButton busy={form.busy} busyLabel={m.quick_edit_saving()} className="btn-primary px-6 py-3">
            {m.quick_edit_save()}
          </SubmitButton>
        </div>
      </Form>
      <SlotSection id="qe-photos" title={m.quick_edit_photos_title()}>
        {photos}
      </SlotSection>
      <a
        className="btn-outline"
        href={postingEditHref({
          postId: draft.id,
          status: draft.status,
          hasTrim: draft.trimName !== null,
          wizardStep: draft.wizardStep,
        })}
      >
        {m.quick_edit_all()}
      </a>
    </div>
  );
}
