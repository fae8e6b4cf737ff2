import { type ReactNode, useState } from "react";

/**
 * A list's search box that submits on Enter or the button (role="search"); `children` (a filter
 * select) stand between the box and the button, `after` (a sort) after the button. Give it a `key` of
 * the current query to reset it.
 */
export function SearchForm({
  label,
  placeholder,
  initial,
  maxLength = 100,
  submitLabel,
  onSearch,
  children,
  after,
}: {
  label: string;
  placeholder?: string;
  initial: string;
  maxLength?: number;
  submitLabel: string;
  onSearch: (q: string | undefined) => void;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const [q, setQ] = useState(initial);
  return (
    <form
      role="search"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim() || undefined);
      }}
    >
      <label className="flex-1 text-sm">
        <span className="mb-1 block font-medium">{label}</span>
        <input
          type="search"
          className="field-input"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      </label>
      {children}
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
      {after}
    </form>
  );
}
