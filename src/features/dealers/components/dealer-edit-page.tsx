import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Checkbox, Field, FormError, SubmitButton } from "~/components/ui/field";
import { OpeningHoursEditor } from "~/components/opening-hours-editor";
import type { PublicDealership } from "~/domain/dealership";
import { weekForm } from "~/domain/opening-hours";
import { m } from "~/paraglide/messages";
import { brandOptionsQueryOptions } from "../dealers.queries";
import { type DealerPageForm, topLevelMessages, useUpdateDealership } from "../use-update-dealership";
import { BannerPicture, LogoPicture, useDealerPictures } from "./dealer-edit-pictures";
import { FormSection } from "./form-section";

type TextKey = Exclude<keyof DealerPageForm, "brands" | "hours">;

const toFormValues = (d: PublicDealership): DealerPageForm => ({
  publicName: d.name,
  address: d.address ?? "",
  postalCode: d.postalCode ?? "",
  city: d.city ?? "",
  email: d.email ?? "",
  phone: d.phone ?? "",
  webPage: d.webPage ?? "",
  facebook: d.social.facebook ?? "",
  instagram: d.social.instagram ?? "",
  tiktok: d.social.tiktok ?? "",
  youtube: d.social.youtube ?? "",
  hours: weekForm(d.openingHours),
  brands: d.brands.map((b) => b.code),
});

type TextOptions = {
  type?: "text" | "email" | "tel" | "url" | "time";
  autoComplete?: string;
  inputMode?: "numeric";
  hint?: string;
};

/**
 * `/trgovec/{code}/uredi`: the dealership's presentation (name, address, contacts, social links, hours,
 * brands), its logo and its banner, cropped here to 1440 × 500 and uploaded as a JPEG.
 */
export function DealerEditPage({
  dealer,
  onSaved,
}: {
  dealer: PublicDealership;
  onSaved?: (dealer: PublicDealership) => void;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const brandOptions = useQuery(brandOptionsQueryOptions());
  const [values, setValues] = useState<DealerPageForm>(() => toFormValues(dealer));
  const [saved, setSaved] = useState(false);
  // A new choice of picture replaces its earlier message from the server (its own problem shows instead).
  const pictures = useDealerPictures((key) => {
    const { [key]: replaced, ...rest } = form.fieldErrors;
    if (replaced) form.setFieldErrors(rest);
  });
  const form = useUpdateDealership(dealer.code, (updated) => {
    setValues(toFormValues(updated));
    pictures.reset();
    setSaved(true);
    onSaved?.(updated);
  });
  const errors: Record<string, string | undefined> = { ...pictures.problems, ...topLevelMessages(form.fieldErrors) };

  const text = (key: TextKey, label: string, extra: TextOptions = {}) => (
    <Field
      id={fieldId(key)}
      label={label}
      value={values[key]}
      error={errors[key]}
      onChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
      {...extra}
    />
  );

  const brands = [...(brandOptions.data ?? [])].sort((a, b) => a.text.localeCompare(b.text, "sl"));
  const toggleBrand = (code: string, on: boolean) =>
    setValues((v) => ({ ...v, brands: on ? [...v.brands, code] : v.brands.filter((b) => b !== code) }));

  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="dealer-edit-page">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.dpage_title()}</h1>
          <p className="text-muted">{dealer.name}</p>
        </div>
        <a className="btn-outline" href={`/trgovec/${encodeURIComponent(dealer.code)}`}>
          {m.dpage_view_public()}
        </a>
      </div>

      <form
        ref={form.formRef}
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          void form.save(values, pictures.chosen(), pictures.hasProblems);
        }}
      >
        <FormSection title={m.dpage_section_banner()}>
          <BannerPicture id={fieldId("banner")} dealer={dealer} pictures={pictures} error={errors.banner} />
        </FormSection>

        <FormSection title={m.dpage_section_logo()}>
          <LogoPicture id={fieldId("logo")} dealer={dealer} pictures={pictures} error={errors.logo} />
        </FormSection>

        <FormSection title={m.dpage_section_basic()}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {text("publicName", m.dpage_public_name(), { autoComplete: "organization" })}
            </div>
            <div className="sm:col-span-2">
              {text("address", m.dpage_address(), { autoComplete: "street-address" })}
            </div>
            {text("postalCode", m.dpage_postal_code(), { autoComplete: "postal-code", inputMode: "numeric" })}
            {text("city", m.dpage_city(), { autoComplete: "address-level2" })}
          </div>
        </FormSection>

        <FormSection title={m.dpage_section_contact()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("email", m.dpage_email(), { type: "email", autoComplete: "email" })}
            {text("phone", m.dpage_phone(), { type: "tel", autoComplete: "tel" })}
            <div className="sm:col-span-2">
              {text("webPage", m.dpage_web(), { type: "url", autoComplete: "url", hint: m.dpage_web_hint() })}
            </div>
          </div>
        </FormSection>

        <FormSection title={m.dpage_section_social()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("facebook", m.dealer_social_facebook(), { type: "url" })}
            {text("instagram", m.dealer_social_instagram(), { type: "url" })}
            {text("tiktok", m.dealer_social_tiktok(), { type: "url" })}
            {text("youtube", m.dealer_social_youtube(), { type: "url" })}
          </div>
        </FormSection>

        <FormSection title={m.dpage_section_hours()}>
          <OpeningHoursEditor
            id={fieldId("hours")}
            value={values.hours}
            onChange={(hours) => setValues((v) => ({ ...v, hours }))}
            errors={form.fieldErrors}
          />
        </FormSection>

        <FormSection title={m.dpage_section_brands()}>
          <fieldset aria-describedby={fieldId("brands-hint")}>
            <legend className="sr-only">{m.dpage_section_brands()}</legend>
            <p id={fieldId("brands-hint")} className="mb-3 text-sm text-muted">
              {m.dpage_brands_hint()} {m.dpage_brands_chosen({ count: String(values.brands.length) })}
            </p>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 desk:grid-cols-4">
              {brands.map((b) => (
                <li key={b.value}>
                  <Checkbox
                    id={fieldId(`brand-${b.value}`)}
                    label={b.text}
                    checked={values.brands.includes(b.value)}
                    onChange={(on) => toggleBrand(b.value, on)}
                  />
                </li>
              ))}
            </ul>
            {errors.brands ? (
              <p className="mt-2 text-sm text-danger" data-error-focus tabIndex={-1}>
                {errors.brands}
              </p>
            ) : null}
          </fieldset>
        </FormSection>

        <div className="space-y-3">
          <FormError message={form.formError} />
          <div role="status">
            {saved ? (
              <p className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
                {m.dpage_saved()}{" "}
                <a className="underline" href={`/trgovec/${encodeURIComponent(dealer.code)}`}>
                  {m.dpage_open_public()}
                </a>
              </p>
            ) : null}
          </div>
          <SubmitButton busy={form.busy} busyLabel={m.dpage_saving()} className="btn-primary w-full py-2.5 sm:w-auto">
            {m.dpage_save()}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
