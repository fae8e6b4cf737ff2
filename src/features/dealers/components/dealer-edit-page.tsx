import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { appConfig } from "~/app.config";
import { StoreIcon } from "~/components/ui/icons";
import { defaultCropView, type CropView } from "~/domain/banner-crop";
import type { PublicDealership } from "~/domain/dealership";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import { dealerPageInputSchema } from "~/contracts/dealerships";
import { brandOptionsQueryOptions, dealershipQueryOptions } from "../dealers.queries";
import { BannerCropper, renderBanner } from "./banner-cropper";

type FormValues = {
  publicName: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  webPage: string;
  facebook: string;
  instagram: string;
  tiktok: string;
  youtube: string;
  weekdayFrom: string;
  weekdayTo: string;
  saturdayFrom: string;
  saturdayTo: string;
  brands: string[];
};
type TextKey = Exclude<keyof FormValues, "brands">;
type Errors = Partial<Record<TextKey | "brands" | "logo" | "banner", string>>;

const toFormValues = (d: PublicDealership): FormValues => ({
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
  weekdayFrom: d.hours.weekdays?.from ?? "",
  weekdayTo: d.hours.weekdays?.to ?? "",
  saturdayFrom: d.hours.saturday?.from ?? "",
  saturdayTo: d.hours.saturday?.to ?? "",
  brands: d.brands.map((b) => b.code),
});

const maxMegabytes = String(Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024)));
const pictureTypes = "image/jpeg,image/png,image/webp";
const { width: bannerWidth, height: bannerHeight } = appConfig.images.dealershipBanner;

/** A client-side first look at a chosen picture (the server checks the real bytes again). */
function pictureProblem(file: File): string | null {
  if (!pictureTypes.split(",").includes(file.type)) return m.dpage_file_type();
  if (file.size > appConfig.limits.fileSizeBytes) return m.dpage_file_too_large({ mb: maxMegabytes });
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card space-y-4 p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type FieldProps = {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "url" | "time";
  autoComplete?: string;
  inputMode?: "numeric";
  onChange: (value: string) => void;
};

function Field({ id, label, value, error, hint, type = "text", autoComplete, inputMode, onChange }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        step={type === "time" ? 60 : undefined}
        className="field-input aria-invalid:border-danger"
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
  const queryClient = useQueryClient();
  const brandOptions = useQuery(brandOptionsQueryOptions());
  const formRef = useRef<HTMLFormElement>(null);
  const logoInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);

  const [values, setValues] = useState<FormValues>(() => toFormValues(dealer));
  const [errors, setErrors] = useState<Errors>({});
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [banner, setBanner] = useState<{ bitmap: ImageBitmap; view: CropView } | null>(null);
  const [removeBanner, setRemoveBanner] = useState(false);
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const [formError, setFormError] = useState<string | null>(null);

  // Released by hand where they are replaced (an effect's cleanup would also run on StrictMode's rehearsal).
  const replaceLogo = (next: { file: File; url: string } | null) =>
    setLogo((prev) => {
      if (prev) URL.revokeObjectURL(prev.url);
      return next;
    });
  const replaceBanner = (next: { bitmap: ImageBitmap; view: CropView } | null) =>
    setBanner((prev) => {
      if (prev && prev.bitmap !== next?.bitmap) prev.bitmap.close();
      return next;
    });

  const set = (key: TextKey) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: TextKey, label: string, extra: Partial<FieldProps> = {}) => (
    <Field id={fieldId(key)} label={label} value={values[key]} error={errors[key]} onChange={set(key)} {...extra} />
  );

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], [data-error-focus]")?.focus(),
    );

  function chooseLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = pictureProblem(file);
    setErrors((x) => ({ ...x, logo: problem ?? undefined }));
    if (problem) {
      e.target.value = "";
      return;
    }
    replaceLogo({ file, url: URL.createObjectURL(file) });
    setRemoveLogo(false);
  }

  async function chooseBanner(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = pictureProblem(file);
    if (!problem) {
      try {
        const bitmap = await createImageBitmap(file);
        replaceBanner({ bitmap, view: defaultCropView });
        setRemoveBanner(false);
        setErrors((x) => ({ ...x, banner: undefined }));
        return;
      } catch {
        setErrors((x) => ({ ...x, banner: m.dpage_image_unreadable() }));
      }
    } else setErrors((x) => ({ ...x, banner: problem }));
    e.target.value = "";
  }

  function cancelBanner() {
    replaceBanner(null);
    if (bannerInput.current) bannerInput.current.value = "";
  }

  async function submit() {
    setFormError(null);
    setState("idle");
    const parsed = dealerPageInputSchema.safeParse(values);
    const found: Errors = { logo: errors.logo, banner: errors.banner };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "") as keyof Errors;
        found[key] ??= issue.message;
      }
    }
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      setFormError(m.dpage_fix_errors());
      focusFirstError();
      return;
    }
    setErrors({});
    setState("saving");
    try {
      const form = new FormData();
      form.set("dealership", JSON.stringify(values));
      if (logo) form.set("logo", logo.file, logo.file.name);
      if (banner) form.set("banner", await renderBanner(banner.bitmap, banner.view), "pasica.jpg");
      const updated = await api.updateDealership(dealer.code, form, {
        removeLogo: removeLogo && !logo,
        removeBanner: removeBanner && !banner,
      });
      queryClient.setQueryData(dealershipQueryOptions(dealer.code).queryKey, updated);
      setValues(toFormValues(updated));
      replaceLogo(null);
      setRemoveLogo(false);
      replaceBanner(null);
      setRemoveBanner(false);
      if (logoInput.current) logoInput.current.value = "";
      if (bannerInput.current) bannerInput.current.value = "";
      setState("saved");
      onSaved?.(updated);
    } catch (err) {
      setState("idle");
      if (err instanceof ApiError && err.fieldErrors.length) {
        const fromServer: Errors = {};
        for (const fe of err.fieldErrors) {
          const key = fe.field.split(".")[0] as keyof Errors;
          fromServer[key] ??= fe.message;
        }
        setErrors(fromServer);
        setFormError(err.firstMessage);
        focusFirstError();
      } else setFormError(err instanceof ApiError ? err.firstMessage : m.error_generic());
    }
  }

  const brands = [...(brandOptions.data ?? [])].sort((a, b) => a.text.localeCompare(b.text, "sl"));
  const toggleBrand = (code: string, on: boolean) =>
    setValues((v) => ({ ...v, brands: on ? [...v.brands, code] : v.brands.filter((b) => b !== code) }));
  const fileInputClass =
    "block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-surface";
  const errorLine = (key: "logo" | "banner") =>
    errors[key] ? (
      <p id={fieldId(`${key}-error`)} className="text-sm text-danger">
        {errors[key]}
      </p>
    ) : null;

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
        ref={formRef}
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Section title={m.dpage_section_banner()}>
          <p className="text-sm text-muted">
            {m.dpage_banner_hint({ width: String(bannerWidth), height: String(bannerHeight) })}
          </p>
          {banner ? (
            <BannerCropper
              bitmap={banner.bitmap}
              view={banner.view}
              onView={(view) => setBanner((b) => (b ? { ...b, view } : b))}
            />
          ) : removeBanner ? (
            <p className="rounded-lg bg-surface p-3 text-sm" role="status">
              {m.dpage_banner_removing()}
            </p>
          ) : dealer.bannerUrl ? (
            <img
              src={dealer.bannerUrl}
              alt={m.dpage_banner_current()}
              width={bannerWidth}
              height={bannerHeight}
              className="aspect-[1440/500] w-full rounded-lg border border-line object-cover"
            />
          ) : (
            <p className="text-sm text-muted">{m.dpage_banner_none()}</p>
          )}
          <div>
            <label className="field-label" htmlFor={fieldId("banner")}>
              {m.dpage_banner_choose()}
            </label>
            <input
              ref={bannerInput}
              id={fieldId("banner")}
              type="file"
              accept={pictureTypes}
              className={fileInputClass}
              aria-invalid={errors.banner ? true : undefined}
              aria-describedby={errors.banner ? fieldId("banner-error") : undefined}
              onChange={(e) => void chooseBanner(e)}
            />
          </div>
          {errorLine("banner")}
          <div className="flex flex-wrap gap-2">
            {banner ? (
              <button type="button" className="btn-outline" onClick={cancelBanner}>
                {m.dpage_crop_cancel()}
              </button>
            ) : null}
            {!banner && dealer.bannerUrl && !removeBanner ? (
              <button type="button" className="btn-outline" onClick={() => setRemoveBanner(true)}>
                {m.dpage_banner_remove()}
              </button>
            ) : null}
            {!banner && removeBanner ? (
              <button type="button" className="btn-outline" onClick={() => setRemoveBanner(false)}>
                {m.dpage_undo()}
              </button>
            ) : null}
          </div>
        </Section>

        <Section title={m.dpage_section_logo()}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="grid size-28 shrink-0 place-items-center overflow-hidden rounded-xl border border-line bg-white">
              {logo ? (
                <img src={logo.url} alt={m.dpage_logo_new()} className="size-full object-contain" />
              ) : dealer.logoUrl && !removeLogo ? (
                <img src={dealer.logoUrl} alt={m.dpage_logo_current()} className="size-full object-contain" />
              ) : (
                <StoreIcon width={48} height={48} className="text-muted" aria-hidden="true" />
              )}
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              {logo ? <p className="text-sm font-medium">{m.dpage_logo_new()}</p> : null}
              {removeLogo ? (
                <p className="rounded-lg bg-surface p-3 text-sm" role="status">
                  {m.dpage_logo_removing()}
                </p>
              ) : null}
              {!logo && !removeLogo && !dealer.logoUrl ? (
                <p className="text-sm text-muted">{m.dpage_logo_none()}</p>
              ) : null}
              <div>
                <label className="field-label" htmlFor={fieldId("logo")}>
                  {m.dpage_logo_choose()}
                </label>
                <input
                  ref={logoInput}
                  id={fieldId("logo")}
                  type="file"
                  accept={pictureTypes}
                  className={fileInputClass}
                  aria-invalid={errors.logo ? true : undefined}
                  aria-describedby={`${fieldId("logo-hint")}${errors.logo ? ` ${fieldId("logo-error")}` : ""}`}
                  onChange={chooseLogo}
                />
                <p id={fieldId("logo-hint")} className="mt-1 text-xs text-muted">
                  {m.dpage_logo_hint({ mb: maxMegabytes })}
                </p>
              </div>
              {errorLine("logo")}
              <div className="flex flex-wrap gap-2">
                {logo ? (
                  <button
                    type="button"
                    className="btn-outline"
                    onClick={() => {
                      replaceLogo(null);
                      if (logoInput.current) logoInput.current.value = "";
                    }}
                  >
                    {m.dpage_undo()}
                  </button>
                ) : dealer.logoUrl && !removeLogo ? (
                  <button type="button" className="btn-outline" onClick={() => setRemoveLogo(true)}>
                    {m.dpage_logo_remove()}
                  </button>
                ) : removeLogo ? (
                  <button type="button" className="btn-outline" onClick={() => setRemoveLogo(false)}>
                    {m.dpage_undo()}
                  </button>
                ) : null}
              </div>
            </div>
          </div>
        </Section>

        <Section title={m.dpage_section_basic()}>
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
        </Section>

        <Section title={m.dpage_section_contact()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("email", m.dpage_email(), { type: "email", autoComplete: "email" })}
            {text("phone", m.dpage_phone(), { type: "tel", autoComplete: "tel" })}
            <div className="sm:col-span-2">
              {text("webPage", m.dpage_web(), { type: "url", autoComplete: "url", hint: m.dpage_web_hint() })}
            </div>
          </div>
        </Section>

        <Section title={m.dpage_section_social()}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("facebook", m.dealer_social_facebook(), { type: "url" })}
            {text("instagram", m.dealer_social_instagram(), { type: "url" })}
            {text("tiktok", m.dealer_social_tiktok(), { type: "url" })}
            {text("youtube", m.dealer_social_youtube(), { type: "url" })}
          </div>
        </Section>

        <Section title={m.dpage_section_hours()}>
          <p className="text-sm text-muted">{m.dpage_hours_hint()}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                ["weekday", m.dpage_weekdays()],
                ["saturday", m.dpage_saturday()],
              ] as const
            ).map(([day, legend]) => (
              <fieldset key={day} className="rounded-lg border border-line p-3">
                <legend className="px-1 text-sm font-semibold">{legend}</legend>
                <div className="grid grid-cols-2 gap-3">
                  {text(`${day}From`, m.dpage_from(), { type: "time" })}
                  {text(`${day}To`, m.dpage_to(), { type: "time" })}
                </div>
              </fieldset>
            ))}
          </div>
        </Section>

        <Section title={m.dpage_section_brands()}>
          <fieldset aria-describedby={fieldId("brands-hint")}>
            <legend className="sr-only">{m.dpage_section_brands()}</legend>
            <p id={fieldId("brands-hint")} className="mb-3 text-sm text-muted">
              {m.dpage_brands_hint()} {m.dpage_brands_chosen({ count: String(values.brands.length) })}
            </p>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 desk:grid-cols-4">
              {brands.map((b) => (
                <li key={b.value}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={values.brands.includes(b.value)}
                      onChange={(e) => toggleBrand(b.value, e.target.checked)}
                    />
                    {b.text}
                  </label>
                </li>
              ))}
            </ul>
            {errors.brands ? (
              <p className="mt-2 text-sm text-danger" data-error-focus tabIndex={-1}>
                {errors.brands}
              </p>
            ) : null}
          </fieldset>
        </Section>

        <div className="space-y-3">
          {formError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {formError}
            </p>
          ) : null}
          <div role="status">
            {state === "saved" ? (
              <p className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
                {m.dpage_saved()}{" "}
                <a className="underline" href={`/trgovec/${encodeURIComponent(dealer.code)}`}>
                  {m.dpage_open_public()}
                </a>
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary w-full py-2.5 sm:w-auto" disabled={state === "saving"}>
            {state === "saving" ? m.dpage_saving() : m.dpage_save()}
          </button>
        </div>
      </form>
    </div>
  );
}
