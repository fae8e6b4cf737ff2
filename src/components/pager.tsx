import { Pagination } from "~/components/ui/pagination";

/**
 * Numbered pages for lists whose page is not in a link (the admin lists): the same Pagination with buttons;
 * nothing when everything fits on one page.
 */
export function Pager({
  page,
  total,
  size,
  onPage,
  label,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
  label: string;
}) {
  return (
    <Pagination
      page={page}
      pages={Math.max(1, Math.ceil(total / size))}
      label={label}
      link={(p, props) => <button key={p} type="button" onClick={() => onPage(p)} {...props} />}
    />
  );
}
