import type { ReactNode } from "react";
import type { ApiForm } from "~/client/use-api-form";
import { Modal } from "~/components/modal";
import { Pager } from "~/components/pager";
import { DialogActions } from "~/components/ui/dialog-actions";
import { Form } from "~/components/ui/form";
import { m } from "~/paraglide/messages";

/** An admin page's title and introduction, with its main action (a "new …" button) at the side. */
export function AdminPageHeader({ title, intro, action }: { title: string; intro: string; action?: ReactNode }) {
  const heading = (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 max-w-2xl text-sm text-muted">{intro}</p>
    </div>
  );
  return action ? (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {heading}
      {action}
    </div>
  ) : (
    heading
  );
}

/** The primary "new …" button of a list page. */
export function NewButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn-primary" onClick={onClick}>
      {children}
    </button>
  );
}

/** The pages of an admin list: page 1 is left out of the address. */
export function ListPager<S extends { page?: number }>({
  list,
  search,
  onSearch,
}: {
  list: { page: number; total: number; size: number };
  search: S;
  onSearch: (s: S) => void;
}) {
  return (
    <Pager
      page={list.page}
      total={list.total}
      size={list.size}
      label={m.adealers_pages()}
      onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
    />
  );
}

export type FormLabels = { cancel: string; save: string; busy?: string };
/** The words of the dealer screens' and of the content screens' form dialogs. */
export const dealerFormLabels = (): FormLabels => ({
  cancel: m.adealers_cancel(),
  save: m.adealers_save(),
  busy: m.adealers_saving(),
});
export const contentFormLabels = (): FormLabels => ({ cancel: m.acontent_cancel(), save: m.acontent_save() });

/**
 * An admin form in a dialog: the fields of `values` (once they are there), the form's message, Cancel and
 * Save; the submit goes through the form helper with `input(values)`.
 */
export function FormDialog<TValues, TInput>({
  open,
  title,
  values,
  form,
  input,
  labels,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  values: TValues | null;
  form: ApiForm<unknown, TInput>;
  input: (values: TValues) => TInput;
  labels: FormLabels;
  onClose: () => void;
  children: (values: TValues) => ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="lg">
      {values !== null ? (
        <Form form={form} className="space-y-4" input={() => input(values)}>
          {children(values)}
          <DialogActions
            error={form.formError}
            busy={form.busy}
            busyLabel={labels.busy}
            cancelLabel={labels.cancel}
            onCancel={onClose}
          >
            {labels.save}
          </DialogActions>
        </Form>
      ) : null}
    </Modal>
  );
}

/** A content row's Edit and Delete buttons; screen readers hear which row they belong to. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button type="button" className="btn-outline" onClick={onEdit}>
        {m.acontent_edit()}
        <span className="sr-only"> – {name}</span>
      </button>
      <button type="button" className="btn-outline text-danger" onClick={onDelete}>
        {m.acontent_delete()}
        <span className="sr-only"> – {name}</span>
      </button>
    </>
  );
}

/** A row's action button in the dealer screens; screen readers hear "Action: row's name". */
export function RowButton({
  label,
  name,
  danger,
  disabled,
  onClick,
}: {
  label: string;
  name: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? "btn-outline text-danger" : "btn-outline"}
      disabled={disabled}
      onClick={onClick}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </button>
  );
}
