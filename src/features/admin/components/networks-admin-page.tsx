import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { formatPhone } from "~/domain/phone";
import { webHref } from "~/domain/web-address";
import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "~/components/modal";
import { formatNumber } from "~/domain/format";
import { createDealerNetwork, deleteDealerNetwork, updateDealerNetwork } from "../admin.mutations";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { m } from "~/paraglide/messages";
import type { AdminNetwork } from "~/contracts/admin-dealers";
import { networkInputSchema, type NetworkInput } from "~/contracts/admin-dealers";
import { networksQueryOptions } from "../dealer-admin.queries";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DealerAdminNav, focusFirstError, NoticeBar, type Notice, TextField } from "./dealer-admin-ui";

/** /administracija/poslovne-mreze: dealership networks with logo and banner (admins). */
export function NetworksAdminPage() {
  const { data } = useSuspenseQuery(networksQueryOptions());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminNetwork | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminNetwork | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: networksQueryOptions().queryKey });

  return (
    <div className="space-y-5">
      <DealerAdminNav current="networks" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.adealers_networks_title()}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{m.adealers_networks_intro()}</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
          {m.adealers_networks_new()}
        </button>
      </div>
      <NoticeBar notice={notice} />
      {data.length === 0 ? <p className="card p-6 text-center text-muted">{m.adealers_networks_empty()}</p> : null}
      <ul className="grid gap-4 md:grid-cols-2" aria-label={m.adealers_networks_list()} data-testid="network-list">
        {data.map((n) => (
          <li key={n.id} className="card flex flex-col overflow-hidden" data-code={n.code}>
            {n.bannerUrl ? (
              <img
                src={n.bannerUrl}
                alt=""
                width={1440}
                height={500}
                className="aspect-[1440/500] w-full object-cover"
                loading="lazy"
              />
            ) : (
              <div className="aspect-[1440/500] w-full bg-surface" />
            )}
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div className="flex items-start gap-3">
                <div className="-mt-10 flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-white shadow-sm">
                  {n.logoUrl ? (
                    <img
                      src={n.logoUrl}
                      alt={m.adealers_network_logo_alt({ name: n.name })}
                      width={64}
                      height={64}
                      className="size-full object-contain"
                    />
                  ) : null}
                </div>
                <div className="min-w-0">
                  <h2 className="font-semibold">{n.name}</h2>
                  <p className="text-xs text-muted">{m.adealers_code({ code: n.code })}</p>
                </div>
              </div>
              <address className="space-y-0.5 text-sm not-italic">
                {[n.address, n.city].some(Boolean) ? <p>{[n.address, n.city].filter(Boolean).join(", ")}</p> : null}
                {n.email ? <p className="break-all">{n.email}</p> : null}
                {n.phone ? <p>{formatPhone(n.phone)}</p> : null}
                {n.webPage ? (
                  <p className="break-all">
                    <a
                      className="text-brand-700 underline"
                      href={webHref(n.webPage) ?? undefined}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {n.webPage}
                    </a>
                  </p>
                ) : null}
              </address>
              <p className="text-sm font-medium">{m.adealers_networks_count({ count: formatNumber(n.dealerships) })}</p>
              <div className="mt-auto flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-outline"
                  onClick={() => setEditing(n)}
                  aria-label={`${m.adealers_edit()}: ${n.name}`}
                >
                  {m.adealers_edit()}
                </button>
                <button
                  type="button"
                  className="btn-outline text-danger"
                  onClick={() => setDeleting(n)}
                  aria-label={`${m.adealers_delete()}: ${n.name}`}
                >
                  {m.adealers_delete()}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <NetworkFormDialog
        open={editing !== null}
        network={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setNotice({ text: m.adealers_network_saved({ name: saved.name }), error: false });
          void refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={m.adealers_network_delete_title()}
        text={deleting ? m.adealers_network_delete_text({ name: deleting.name }) : ""}
        confirmLabel={m.adealers_delete()}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteDealerNetwork(deleting.code);
          setNotice({ text: m.adealers_network_deleted({ name: deleting.name }), error: false });
          await refresh();
        }}
      />
    </div>
  );
}

type Values = Record<keyof NetworkInput, string>;
const empty: Values = { name: "", address: "", city: "", email: "", phone: "", webPage: "" };

/** A network's fields plus logo and banner, sent as multipart (`dealership` JSON, `logo`, `banner`). */
function NetworkFormDialog({
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
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(empty);
  const [logo, setLogo] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [removeBanner, setRemoveBanner] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    setErrors({});
    setFailure(null);
  }, [open, network]);

  const text = (
    key: keyof Values,
    label: string,
    options: { required?: boolean; type?: "text" | "email" | "tel" | "url"; wide?: boolean } = {},
  ) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      value={values[key]}
      onChange={(v) => setValues((s) => ({ ...s, [key]: v }))}
      error={errors[key]}
      required={options.required}
      type={options.type}
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
      <label className="field-label" htmlFor={`${id}-${kind}`}>
        {label}
      </label>
      {current && !remove ? (
        <img
          src={current}
          alt=""
          className={
            kind === "logo"
              ? "size-16 rounded border border-line object-contain"
              : "aspect-[1440/500] w-full rounded border border-line object-cover"
          }
        />
      ) : null}
      <input
        id={`${id}-${kind}`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        aria-invalid={errors[kind] ? true : undefined}
        aria-describedby={`${id}-${kind}-hint${errors[kind] ? ` ${id}-${kind}-error` : ""}`}
      />
      <p id={`${id}-${kind}-hint`} className="text-xs text-muted">
        {m.adealers_network_picture_hint()}
      </p>
      {errors[kind] ? (
        <p id={`${id}-${kind}-error`} className="text-sm text-danger">
          {errors[kind]}
        </p>
      ) : null}
      {current ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={remove}
            onChange={(e) => setRemove(e.target.checked)}
          />
          {kind === "logo" ? m.adealers_network_remove_logo() : m.adealers_network_remove_banner()}
        </label>
      ) : null}
    </div>
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={network ? m.adealers_network_form_edit({ name: network.name }) : m.adealers_network_form_new()}
      size="lg"
    >
      <form
        ref={formRef}
        noValidate
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          setFailure(null);
          const parsed = networkInputSchema.safeParse(values);
          if (!parsed.success) {
            setErrors(zodFieldMessages(parsed.error));
            focusFirstError(formRef.current);
            return;
          }
          setErrors({});
          const form = new FormData();
          form.set("dealership", JSON.stringify(values));
          if (logo) form.set("logo", logo);
          if (banner) form.set("banner", banner);
          setBusy(true);
          try {
            const saved = network
              ? await updateDealerNetwork(network.code, form, { removeLogo, removeBanner })
              : await createDealerNetwork(form);
            onSaved(saved);
          } catch (err) {
            const f = apiFailure(err, m.error_generic());
            setErrors(f.fields);
            setFailure(f.message);
            focusFirstError(formRef.current);
          } finally {
            setBusy(false);
          }
        }}
      >
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
        {failure ? (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={onClose}>
            {m.adealers_cancel()}
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? m.adealers_saving() : m.adealers_save()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
