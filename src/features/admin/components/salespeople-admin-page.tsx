import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatSlovenianMobile, salespersonLabel } from "~/domain/dealer-people";
import { formatNumber } from "~/domain/format";
import { Field, FormError, Select, SubmitButton } from "~/components/ui/field";
import { Form } from "~/components/ui/form";
import { SearchForm } from "~/components/ui/search-form";
import { m } from "~/paraglide/messages";
import { useDeleteSalesperson } from "../use-confirmed-writes";
import { AdminPageHeader, ListPager, RowButton } from "./admin-page-ui";
import type { AdminSalesperson } from "~/contracts/admin-dealers";
import {
  adminSalespeopleQueryOptions,
  dealershipOptionsQueryOptions,
  type SalespeopleSearch,
} from "../dealer-admin.queries";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { useAddSalesperson } from "../use-add-salesperson";
import { DealerAdminNav, NoticeBar, type Notice } from "./dealer-admin-ui";

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
  const removal = useDeleteSalesperson(async () => {
    if (removing) setNotice({ text: m.adealers_people_removed({ name: salespersonLabel(removing) }), error: false });
    await refresh();
    setRemoving(null);
  });

  return (
    <div className="space-y-5">
      <DealerAdminNav current="salespeople" />
      <AdminPageHeader title={m.adealers_people_title()} intro={m.adealers_people_intro()} />
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
            submitLabel={m.adealers_search_submit()}
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
                <RowButton
                  label={m.adealers_people_remove()}
                  name={salespersonLabel(s)}
                  danger
                  onClick={() => {
                    removal.reset();
                    setRemoving(s);
                  }}
                />
              </li>
            ))}
          </ul>
          <ListPager list={data} search={search} onSearch={onSearch} />
        </section>
      </div>
      <ConfirmDialog
        title={m.adealers_people_remove_title()}
        question={
          removing
            ? m.adealers_people_remove_text({ name: salespersonLabel(removing), dealer: removing.dealership.name })
            : null
        }
        confirmLabel={m.adealers_people_remove()}
        write={removal}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void removal.submit(removing.phoneNumber)}
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
  const [values, setValues] = useState({
    dealershipCode: preselected ?? "",
    phoneNumber: "",
    firstName: "",
    lastName: "",
  });
  const add = useAddSalesperson((added, dealershipCode) => {
    const dealer = options.find((o) => o.code === dealershipCode)?.name ?? dealershipCode;
    onAdded(m.adealers_people_added({ name: salespersonLabel(added), dealer }));
    setValues((v) => ({ ...v, phoneNumber: "", firstName: "", lastName: "" }));
  });
  const errors = add.fieldErrors;
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4 lg:col-start-2 lg:row-start-1">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.adealers_people_add_title()}
      </h2>
      <Form form={add} className="space-y-3" input={() => values}>
        <Select
          id={`${id}-dealership`}
          label={m.adealers_people_dealership()}
          required
          value={values.dealershipCode}
          onChange={set("dealershipCode")}
          options={options.map((o) => ({ value: o.code, label: o.name }))}
          placeholder={m.adealers_people_dealership_pick()}
          error={errors.dealershipCode}
        />
        <Field
          id={`${id}-phone`}
          label={m.adealers_people_phone()}
          value={values.phoneNumber}
          onChange={set("phoneNumber")}
          error={errors.phoneNumber}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
        />
        <Field
          id={`${id}-first`}
          label={m.adealers_people_first()}
          value={values.firstName}
          onChange={set("firstName")}
          error={errors.firstName}
          required
          autoComplete="off"
          maxLength={60}
        />
        <Field
          id={`${id}-last`}
          label={m.adealers_people_last()}
          value={values.lastName}
          onChange={set("lastName")}
          error={errors.lastName}
          required
          autoComplete="off"
          maxLength={60}
        />
        <FormError message={add.formError} />
        <SubmitButton busy={add.busy} className="btn-primary w-full">
          {m.adealers_people_add()}
        </SubmitButton>
      </Form>
    </section>
  );
}
