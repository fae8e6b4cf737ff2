import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { formatSlovenianMobile, salespersonLabel } from "~/domain/dealer-people";
import { formatNumber } from "~/domain/format";
import { addAdminSalesperson, deleteAdminSalesperson } from "../admin.mutations";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { Pager } from "~/components/pager";
import { m } from "~/paraglide/messages";
import type { AdminSalesperson } from "~/contracts/admin-dealers";
import { adminSalespersonInputSchema } from "~/contracts/admin-dealers";
import {
  adminSalespeopleQueryOptions,
  dealershipOptionsQueryOptions,
  type SalespeopleSearch,
} from "../dealer-admin.queries";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DealerAdminNav, focusFirstError, NoticeBar, type Notice, SearchForm, TextField } from "./dealer-admin-ui";

/** /administracija/svetovalci: every dealer's salespeople; admins add them to a dealership and remove them. */
export function SalespeopleAdminPage({
  search,
  onSearch,
}: {
  search: SalespeopleSearch;
  onSearch: (s: SalespeopleSearch) => void;
}) {
  const { data } = useSuspenseQuery(adminSalespeopleQueryOptions(search));
  const dealerships = useQuery(dealershipOptionsQueryOptions());
  const queryClient = useQueryClient();
  const id = useId();
  const [removing, setRemoving] = useState<AdminSalesperson | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const options = (dealerships.data?.dealerships ?? []).flatMap((d) =>
    d.code ? [{ code: d.code, name: d.publicName ?? d.name }] : [],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-salespeople"] });

  return (
    <div className="space-y-5">
      <DealerAdminNav current="salespeople" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{m.adealers_people_title()}</h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">{m.adealers_people_intro()}</p>
      </div>
      <NoticeBar notice={notice} />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <AddSalespersonForm
          options={options}
          preselected={search.dealershipCode}
          onAdded={(text) => {
            setNotice({ text, error: false });
            void refresh();
          }}
        />
        <section aria-labelledby={`${id}-list`} className="space-y-3 lg:col-start-1 lg:row-start-1">
          <h2 id={`${id}-list`} className="sr-only">
            {m.adealers_people_list()}
          </h2>
          <SearchForm
            key={`${search.q ?? ""}|${search.dealershipCode ?? ""}`}
            label={m.adealers_people_search()}
            placeholder={m.adealers_people_search_placeholder()}
            initial={search.q ?? ""}
            onSearch={(q) => onSearch({ q, dealershipCode: search.dealershipCode })}
          >
            <label className="text-sm sm:w-56">
              <span className="mb-1 block font-medium">{m.adealers_people_dealership()}</span>
              <select
                className="field-input"
                value={search.dealershipCode ?? ""}
                onChange={(e) => onSearch({ q: search.q, dealershipCode: e.target.value || undefined })}
              >
                <option value="">{m.adealers_people_dealership_all()}</option>
                {options.map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
          </SearchForm>
          <p className="text-sm text-muted">{m.adealers_total({ total: formatNumber(data.total) })}</p>
          {data.salespeople.length === 0 ? (
            <p className="card p-6 text-center text-muted">{m.adealers_people_empty()}</p>
          ) : null}
          <ul className="space-y-2" data-testid="admin-salespeople">
            {data.salespeople.map((s) => (
              <li
                key={s.phoneNumber}
                className="card flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
                data-phone={s.phoneNumber}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{salespersonLabel(s)}</p>
                  <p className="text-sm">
                    <a className="underline" href={`tel:${s.phoneNumber}`}>
                      {formatSlovenianMobile(s.phoneNumber)}
                    </a>
                    {" · "}
                    {s.dealership.code ? (
                      <a className="text-brand-700 underline" href={`/trgovec/${s.dealership.code}`}>
                        {s.dealership.name}
                      </a>
                    ) : (
                      s.dealership.name
                    )}
                  </p>
                  <p className="text-xs text-muted">
                    {s.status === "JOINED"
                      ? m.adealers_people_account()
                      : s.status === "DECLINED"
                        ? m.dpeople_declined()
                        : m.adealers_people_no_account()}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-outline text-danger"
                  onClick={() => setRemoving(s)}
                  aria-label={`${m.adealers_people_remove()}: ${salespersonLabel(s)}`}
                >
                  {m.adealers_people_remove()}
                </button>
              </li>
            ))}
          </ul>
          <Pager
            page={data.page}
            total={data.total}
            size={data.size}
            label={m.adealers_pages()}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
          />
        </section>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={m.adealers_people_remove_title()}
        text={
          removing
            ? m.adealers_people_remove_text({ name: salespersonLabel(removing), dealer: removing.dealership.name })
            : ""
        }
        confirmLabel={m.adealers_people_remove()}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await deleteAdminSalesperson(removing.phoneNumber);
          setNotice({ text: m.adealers_people_removed({ name: salespersonLabel(removing) }), error: false });
          await refresh();
        }}
      />
    </div>
  );
}

/** The add form: a dealership, a Slovenian mobile number and the names (the API refuses a phone of another dealer). */
function AddSalespersonForm({
  options,
  preselected,
  onAdded,
}: {
  options: { code: string; name: string }[];
  preselected?: string;
  onAdded: (text: string) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({
    dealershipCode: preselected ?? "",
    phoneNumber: "",
    firstName: "",
    lastName: "",
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4 lg:col-start-2 lg:row-start-1">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.adealers_people_add_title()}
      </h2>
      <form
        ref={formRef}
        noValidate
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setFailure(null);
          const parsed = adminSalespersonInputSchema.safeParse(values);
          if (!parsed.success) {
            setErrors(zodFieldMessages(parsed.error));
            focusFirstError(formRef.current);
            return;
          }
          setErrors({});
          setBusy(true);
          try {
            const added = await addAdminSalesperson(values);
            const dealer = options.find((o) => o.code === values.dealershipCode)?.name ?? values.dealershipCode;
            onAdded(m.adealers_people_added({ name: salespersonLabel(added), dealer }));
            setValues((v) => ({ ...v, phoneNumber: "", firstName: "", lastName: "" }));
          } catch (err) {
            const f = apiFailure(err, m.error_generic());
            setErrors(f.fields);
            setFailure(Object.keys(f.fields).length ? null : f.message);
            focusFirstError(formRef.current);
          } finally {
            setBusy(false);
          }
        }}
      >
        <div>
          <label className="field-label" htmlFor={`${id}-dealership`}>
            {m.adealers_people_dealership()}
            <span aria-hidden="true"> *</span>
          </label>
          <select
            id={`${id}-dealership`}
            className="field-input"
            value={values.dealershipCode}
            onChange={(e) => set("dealershipCode", e.target.value)}
            required
            aria-invalid={errors.dealershipCode ? true : undefined}
            aria-describedby={errors.dealershipCode ? `${id}-dealership-error` : undefined}
          >
            <option value="">{m.adealers_people_dealership_pick()}</option>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </select>
          {errors.dealershipCode ? (
            <p id={`${id}-dealership-error`} className="mt-1 text-sm text-danger">
              {errors.dealershipCode}
            </p>
          ) : null}
        </div>
        <TextField
          id={`${id}-phone`}
          label={m.adealers_people_phone()}
          value={values.phoneNumber}
          onChange={(v) => set("phoneNumber", v)}
          error={errors.phoneNumber}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
        />
        <TextField
          id={`${id}-first`}
          label={m.adealers_people_first()}
          value={values.firstName}
          onChange={(v) => set("firstName", v)}
          error={errors.firstName}
          required
          maxLength={60}
        />
        <TextField
          id={`${id}-last`}
          label={m.adealers_people_last()}
          value={values.lastName}
          onChange={(v) => set("lastName", v)}
          error={errors.lastName}
          required
          maxLength={60}
        />
        {failure ? (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {m.adealers_people_add()}
        </button>
      </form>
    </section>
  );
}
