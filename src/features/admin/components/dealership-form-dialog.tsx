import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Checkbox, Field, FieldError, Select, type SelectOption, TextArea } from "~/components/ui/field";
import { OpeningHoursEditor } from "~/components/opening-hours-editor";
import { regionLabels, regions } from "~/domain/enums/dealer";
import { type WeekForm, weekForm, weekFromLegacy } from "~/domain/opening-hours";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import { dealerFormLabels, FormDialog } from "./admin-page-ui";
import type { AdminDealership } from "~/contracts/admin-dealers";
import type { AdminDealershipInput } from "~/contracts/admin-dealers";
import { networksQueryOptions } from "../dealer-admin.queries";
import { useSaveDealership } from "../use-save-dealership";

type TextKey = Exclude<keyof AdminDealershipInput, "brands" | "region" | "networkCode" | "hours">;
type Values = Record<TextKey, string> & { region: string; networkCode: string; brands: string[]; hours: WeekForm };

type FieldSpec = {
  key: TextKey;
  label: () => string;
  required?: boolean;
  type?: "text" | "email" | "tel" | "url" | "date" | "time";
  inputMode?: "text" | "numeric" | "tel" | "email" | "url";
  autoComplete?: string;
  maxLength?: number;
  wide?: boolean;
};

const company: FieldSpec[] = [
  {
    key: "name",
    label: m.adealers_field_name,
    required: true,
    autoComplete: "organization",
    maxLength: 200,
    wide: true,
  },
  { key: "publicName", label: m.adealers_field_publicName, maxLength: 120 },
  { key: "buyerNumber", label: m.adealers_field_buyerNumber, required: true, maxLength: 40 },
  { key: "taxNumber", label: m.adealers_field_taxNumber, required: true, maxLength: 20 },
  {
    key: "registrationNumber",
    label: m.adealers_field_registrationNumber,
    required: true,
    inputMode: "numeric",
    maxLength: 20,
  },
  { key: "subscriptionEndDate", label: m.adealers_field_subscriptionEndDate, required: true, type: "date" },
];
const responsible: FieldSpec[] = [
  { key: "responsibleFirstName", label: m.adealers_field_responsibleFirstName, required: true, maxLength: 60 },
  { key: "responsibleLastName", label: m.adealers_field_responsibleLastName, required: true, maxLength: 60 },
  {
    key: "responsiblePhone",
    label: m.adealers_field_responsiblePhone,
    required: true,
    type: "tel",
    inputMode: "tel",
    maxLength: 30,
  },
  {
    key: "responsibleEmail",
    label: m.adealers_field_responsibleEmail,
    required: true,
    type: "email",
    inputMode: "email",
    maxLength: 254,
  },
];
const contact: FieldSpec[] = [
  { key: "address", label: m.adealers_field_address, maxLength: 200, wide: true },
  { key: "postalCode", label: m.adealers_field_postalCode, inputMode: "numeric", maxLength: 10 },
  { key: "city", label: m.adealers_field_city, maxLength: 100 },
  { key: "email", label: m.adealers_field_email, type: "email", inputMode: "email", maxLength: 254 },
  { key: "phone", label: m.adealers_field_phone, type: "tel", inputMode: "tel", maxLength: 40 },
];
const web: FieldSpec[] = [
  { key: "webPage", label: m.adealers_field_webPage, type: "url", inputMode: "url", maxLength: 500, wide: true },
  { key: "facebook", label: m.adealers_field_facebook, type: "url", inputMode: "url", maxLength: 500 },
  { key: "instagram", label: m.adealers_field_instagram, type: "url", inputMode: "url", maxLength: 500 },
  { key: "tiktok", label: m.adealers_field_tiktok, type: "url", inputMode: "url", maxLength: 500 },
  { key: "youtube", label: m.adealers_field_youtube, type: "url", inputMode: "url", maxLength: 500 },
];

const textKeys: TextKey[] = [...company, ...responsible, ...contact, ...web].map((f) => f.key).concat("remark");

// A new dealership starts with no opening hours, as it did before per-day hours.
const closedWeek = weekFromLegacy({ from: null, to: null }, { from: null, to: null });

function valuesOf(d: AdminDealership | null): Values {
  const out = Object.fromEntries(textKeys.map((k) => [k, ""])) as Record<TextKey, string>;
  if (d) for (const k of textKeys) out[k] = d[k] ?? "";
  return {
    ...out,
    region: d?.region ?? "",
    networkCode: d?.network?.code ?? "",
    brands: d?.brands ?? [],
    hours: weekForm(d?.openingHours ?? closedWeek),
  };
}

function toInput(v: Values): AdminDealershipInput {
  return { ...v, region: (v.region || null) as AdminDealershipInput["region"], networkCode: v.networkCode || null };
}

/**
 * Creating or editing a dealership with every field of the business unit (spec section 3). The same
 * schema as the API checks it first; server answers map onto the same fields. Editors edit, only
 * admins change the network (they alone read the network list).
 */
export function DealershipFormDialog({
  open,
  dealership,
  canManage,
  onClose,
  onSaved,
}: {
  open: boolean;
  dealership: AdminDealership | null;
  canManage: boolean;
  onClose: () => void;
  onSaved: (saved: AdminDealership, created: boolean) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(dealership));
  const save = useSaveDealership(dealership, onSaved);
  const { reset } = save;
  const errors = save.fieldErrors;
  const makes = useQuery({
    queryKey: ["manufacturers"],
    queryFn: () => data(api.manufacturer.$get()),
    staleTime: 300_000,
    enabled: open,
  });
  const networks = useQuery({ ...networksQueryOptions(), enabled: open && canManage });

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(dealership));
    reset();
  }, [open, dealership, reset]);

  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fieldId = (key: string) => `${id}-${key}`;
  const field = (f: FieldSpec) => (
    <Field
      key={f.key}
      id={fieldId(f.key)}
      label={f.label()}
      value={values[f.key]}
      onChange={set(f.key)}
      error={errors[f.key]}
      required={f.required}
      type={f.type}
      inputMode={f.inputMode}
      autoComplete={f.autoComplete ?? "off"}
      maxLength={f.maxLength}
      className={f.wide ? "sm:col-span-2" : undefined}
    />
  );
  const section = (title: string, children: ReactNode) => (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
  const select = (key: "region" | "networkCode", label: string, options: SelectOption[], empty: string) => (
    <Select
      id={fieldId(key)}
      label={label}
      value={values[key]}
      onChange={set(key)}
      options={options}
      placeholder={empty}
      error={errors[key]}
    />
  );

  const brandOptions = [...(makes.data ?? [])].sort((a, b) => a.text.localeCompare(b.text, "sl"));
  const networkOptions = canManage
    ? (networks.data ?? []).map((n) => ({ value: n.code, label: n.name }))
    : dealership?.network
      ? [{ value: dealership.network.code, label: dealership.network.name }]
      : [];
  const title = dealership
    ? m.adealers_form_edit_title({ name: dealership.publicName ?? dealership.name })
    : m.adealers_form_new_title();

  return (
    <FormDialog
      open={open}
      title={title}
      values={values}
      form={save}
      input={toInput}
      labels={dealerFormLabels()}
      onClose={onClose}
    >
      {() => (
        <>
          <p className="text-sm text-muted">{m.adealers_required_hint()}</p>
          {section(
            m.adealers_section_company(),
            <>
              {company.map(field)}
              {canManage ? (
                select("networkCode", m.adealers_field_networkCode(), networkOptions, m.adealers_network_none())
              ) : (
                <p className="text-sm text-muted sm:col-span-2">
                  {m.adealers_field_networkCode()}: {dealership?.network?.name ?? m.adealers_network_none()}.{" "}
                  {m.adealers_network_readonly()}
                </p>
              )}
            </>,
          )}
          {section(m.adealers_section_responsible(), responsible.map(field))}
          {section(
            m.adealers_section_contact(),
            <>
              {contact.slice(0, 3).map(field)}
              {select(
                "region",
                m.adealers_field_region(),
                regions.map((r) => ({ value: r, label: regionLabels[r] })),
                m.adealers_region_none(),
              )}
              {contact.slice(3).map(field)}
            </>,
          )}
          <fieldset className="rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{m.adealers_section_hours()}</legend>
            <OpeningHoursEditor
              id={fieldId("hours")}
              value={values.hours}
              onChange={(hours) => setValues((v) => ({ ...v, hours }))}
              errors={errors}
            />
          </fieldset>
          {section(m.adealers_section_web(), web.map(field))}
          <fieldset className="rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{m.adealers_section_brands()}</legend>
            <p className="mb-2 text-sm text-muted" id={fieldId("brands-count")}>
              {m.adealers_brands_chosen({ count: String(values.brands.length) })}
            </p>
            {makes.isPending ? <p className="text-sm text-muted">{m.adealers_loading()}</p> : null}
            <ul
              className="grid max-h-48 grid-cols-2 gap-x-3 gap-y-1 overflow-y-auto sm:grid-cols-3"
              aria-describedby={fieldId("brands-count")}
            >
              {brandOptions.map((b) => (
                <li key={b.value}>
                  <Checkbox
                    id={`${fieldId("brand")}-${b.value}`}
                    label={b.text}
                    checked={values.brands.includes(b.value)}
                    onChange={(checked) =>
                      setValues((v) => ({
                        ...v,
                        brands: checked ? [...v.brands, b.value] : v.brands.filter((x) => x !== b.value),
                      }))
                    }
                  />
                </li>
              ))}
            </ul>
            <FieldError id={fieldId("brands")} error={errors.brands} />
          </fieldset>
          <fieldset className="space-y-3 rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{m.adealers_section_other()}</legend>
            <TextArea
              id={fieldId("remark")}
              label={m.adealers_field_remark()}
              rows={3}
              maxLength={2000}
              value={values.remark}
              onChange={set("remark")}
              error={errors.remark}
            />
            {dealership ? (
              <>
                <p className="text-sm text-muted">
                  {m.adealers_days_info({ days: String(dealership.advertisingDays) })}
                </p>
                {canManage && dealership.code ? (
                  <p className="text-sm">
                    {m.adealers_pictures_info()}{" "}
                    <a className="font-medium text-brand-700 underline" href={`/trgovec/${dealership.code}/uredi`}>
                      {m.adealers_edit_page()}
                    </a>
                  </p>
                ) : null}
              </>
            ) : null}
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
