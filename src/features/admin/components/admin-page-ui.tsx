import type { ReactNode } from "react";
import { Pager } from "~/components/pager";
import { DialogActions } from "~/components/ui/dialog-actions";
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

/** Cancel and Save of the dealer administration's form dialogs, with the form's message above them. */
export function DealerDialogActions({
  form,
  onCancel,
}: {
  form: { formError: string | null; busy: boolean };
  onCancel: () => void;
}) {
  return (
    <DialogActions
      error={form.formError}
      busy={form.busy}
      busyLabel={m.adealers_saving()}
      cancelLabel={m.adealers_cancel()}
      onCancel={onCancel}
    >
      {m.adealers_save()}
    </DialogActions>
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
