import { useEffect, useId, useState } from "react";
import { Checkbox, Field, FieldFrame } from "~/components/ui/field";
import type { AdminNetwork, NetworkInput } from "~/contracts/admin-dealers";
import { m } from "~/paraglide/messages";
import { dealerFormLabels, FormDialog } from "./admin-page-ui";
import { useSaveDealerNetwork } from "../use-save-dealer-network";

type Values = Record<keyof NetworkInput, string>;
const empty: Values = { name: "", address: "", city: "", email: "", phone: "", webPage: "" };

/** A network's fields plus logo and banner, sent as multipart (`dealership` JSON, `logo`, `banner`). */
export function NetworkFormDialog({
  open,
  network,
  onClose,
  onSaved,
}: {
  open: boolean;
  network: AdminNetwork | null;
  onClose: () => void;
  onSaved: (n: AdminNetwork) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [logo, setLogo] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [removeBanner, setRemoveBanner] = useState(false);
  const save = useSaveDealerNetwork(network, { logo, banner, removeLogo, removeBanner }, onSaved);
  const { reset } = save;
  const errors = save.fieldErrors;

  useEffect(() => {
    if (!open) return;
    setValues(
      network
        ? {
            name: network.name,
            address: network.address ?? "",
            city: network.city ?? "",
            email: network.email ?? "",
            phone: network.phone ?? "",
            webPage: network.webPage ?? "",
          }
        : empty,
    );
    setLogo(null);
    setBanner(null);
    setRemoveLogo(false);
    setRemoveBanner(false);
    reset();
  }, [open, network, reset]);

  const text = (
    key: keyof Values,
    label: string,
    options: { required?: boolean; type?: "text" | "email" | "tel" | "url"; wide?: boolean } = {},
  ) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      value={values[key]}
      onChange={(v) => setValues((s) => ({ ...s, [key]: v }))}
      error={errors[key]}
      required={options.required}
      type={options.type}
      autoComplete="off"
      maxLength={key === "webPage" ? 500 : 200}
      className={options.wide ? "sm:col-span-2" : undefined}
    />
  );
  const picture = (
    kind: "logo" | "banner",
    label: string,
    current: string | null,
    remove: boolean,
    setRemove: (v: boolean) => void,
    setFile: (f: File | null) => void,
  ) => (
    <div className="space-y-2">
      <FieldFrame id={`${id}-${kind}`} label={label} hint={m.adealers_network_picture_hint()} error={errors[kind]}>
        {(aria) => (
          <>
            {current && !remove ? (
              <img
                src={current}
                alt=""
                className={
                  kind === "logo"
                    ? "mb-2 size-16 rounded border border-line object-contain"
                    : "mb-2 aspect-[1440/500] w-full rounded border border-line object-cover"
                }
              />
            ) : null}
            <input
              {...aria}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </>
        )}
      </FieldFrame>
      {current ? (
        <Checkbox
          id={`${id}-${kind}-remove`}
          label={kind === "logo" ? m.adealers_network_remove_logo() : m.adealers_network_remove_banner()}
          checked={remove}
          onChange={setRemove}
        />
      ) : null}
    </div>
  );

  return (
    <FormDialog
      open={open}
      title={network ? m.adealers_network_form_edit({ name: network.name }) : m.adealers_network_form_new()}
      values={values}
      form={save}
      input={(v) => v}
      labels={dealerFormLabels()}
      onClose={onClose}
    >
      {() => (
        <>
          <p className="text-sm text-muted">{m.adealers_required_hint()}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("name", m.adealers_network_name(), { required: true, wide: true })}
            {text("address", m.adealers_field_address())}
            {text("city", m.adealers_field_city())}
            {text("email", m.adealers_network_email(), { type: "email" })}
            {text("phone", m.adealers_network_phone(), { type: "tel" })}
            {text("webPage", m.adealers_field_webPage(), { type: "url", wide: true })}
          </div>
          <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            {picture("logo", m.adealers_network_logo(), network?.logoUrl ?? null, removeLogo, setRemoveLogo, setLogo)}
            {picture(
              "banner",
              m.adealers_network_banner(),
              network?.bannerUrl ?? null,
              removeBanner,
              setRemoveBanner,
              setBanner,
            )}
          </div>
        </>
      )}
    </FormDialog>
  );
}
