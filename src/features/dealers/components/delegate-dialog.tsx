import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Modal } from "~/components/modal";
import { type DelegationResult, formatSlovenianMobile, salespersonLabel } from "~/domain/dealer-people";
import { m } from "~/paraglide/messages";
import { postingDelegatesQueryOptions } from "../people.queries";
import { useDelegatePosting } from "../use-delegate-posting";
import { Field, FormError, SubmitButton } from "~/components/ui/field";

const otherNumber = "other";

/**
 * "Dodeli oglas": pick anyone in the dealership, the head first (or type a mobile number), each shown
 * with the published postings they hold; the current holder is marked and not offered (decision 070).
 * Salespeople who have not joined cannot take postings yet.
 */
export function DelegateDialog({
  code,
  open,
  onClose,
  onDone,
}: {
  code: string;
  open: boolean;
  onClose: () => void;
  onDone?: (result: DelegationResult) => void;
}) {
  const id = useId();
  const salespeople = useQuery({ ...postingDelegatesQueryOptions(code), enabled: open });
  const [choice, setChoice] = useState<string>("");
  const [phone, setPhone] = useState("");
  const [done, setDone] = useState<DelegationResult | null>(null);
  const form = useDelegatePosting(code, (result) => {
    setDone(result);
    onDone?.(result);
  });
  // Each opening asks again: a list kept from before a delegation would show the old holder and counts.
  const loading = salespeople.isPending || salespeople.isFetching;
  const list = loading ? [] : (salespeople.data ?? []);
  const typing = choice === otherNumber || (salespeople.isSuccess && !loading && list.length === 0);

  const close = () => {
    setChoice("");
    setPhone("");
    form.reset();
    setDone(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title={m.dpeople_delegate_title()}>
      {done ? (
        <>
          <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
            {m.dpeople_delegate_done({ name: salespersonLabel(done.salesperson) })}
          </p>
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={close}>
              {m.dpeople_close()}
            </button>
          </div>
        </>
      ) : (
        <form
          noValidate
          className="space-y-4"
          ref={form.formRef}
          onSubmit={(e) => {
            e.preventDefault();
            void form.submit({ phoneNumber: typing ? phone : choice });
          }}
        >
          <p className="text-sm text-muted">{m.dpeople_delegate_intro()}</p>
          {loading ? (
            <p className="text-sm text-muted" role="status">
              {m.dpeople_delegate_loading()}
            </p>
          ) : null}
          {list.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="field-label">{m.dpeople_delegate_pick()}</legend>
              {list.map((s) => {
                const offered = s.hasAccount && !s.holder;
                return (
                  <label
                    key={s.phoneNumber}
                    className={`flex items-center gap-3 rounded-lg border border-line p-2.5 text-sm ${offered ? "cursor-pointer hover:bg-surface" : "opacity-70"}`}
                  >
                    <input
                      type="radio"
                      name={`${id}-salesperson`}
                      className="size-4 accent-brand-600"
                      value={s.phoneNumber}
                      checked={choice === s.phoneNumber}
                      disabled={!offered}
                      onChange={() => setChoice(s.phoneNumber)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">
                        {salespersonLabel(s)}
                        {s.head ? (
                          <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 align-middle text-xs font-medium text-brand-800">
                            {m.dpeople_delegate_head()}
                          </span>
                        ) : null}
                      </span>
                      <span className="block text-muted">
                        {[
                          formatSlovenianMobile(s.phoneNumber),
                          s.hasAccount
                            ? m.dpeople_delegate_count({ count: s.postings })
                            : m.dpeople_delegate_no_account(),
                          s.holder ? m.dpeople_delegate_holder() : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                  </label>
                );
              })}
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-2.5 text-sm hover:bg-surface">
                <input
                  type="radio"
                  name={`${id}-salesperson`}
                  className="size-4 accent-brand-600"
                  value={otherNumber}
                  checked={choice === otherNumber}
                  onChange={() => setChoice(otherNumber)}
                />
                <span className="font-medium">{m.dpeople_delegate_other()}</span>
              </label>
            </fieldset>
          ) : null}
          {typing ? (
            <Field
              id={`${id}-phone`}
              label={m.dpeople_delegate_phone()}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="041 123 456"
              value={phone}
              error={form.error}
              onChange={setPhone}
            />
          ) : (
            <FormError message={form.error} />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-outline" onClick={close}>
              {m.dpeople_cancel()}
            </button>
            <SubmitButton busy={form.busy} disabled={!typing && choice === ""}>
              {m.dpeople_delegate_submit()}
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
