import { type ReactNode, useEffect, useState } from "react";
import { m } from "~/paraglide/messages";

/**
 * The text search above a list (stock, review queue): a labelled search box and its button; the text
 * follows the address's `q` and is sent trimmed (empty: no search). `children` go after the button (a sort).
 */
export function ListSearchForm({
  label,
  q,
  onSearch,
  children,
}: {
  label: string;
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState(q ?? "");
  useEffect(() => setText(q ?? ""), [q]);
  return (
    <form
      role="search"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <label className="flex-1 text-sm">
        <span className="mb-1 block font-medium">{label}</span>
        <input
          type="search"
          className="field-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={m.stock_search_placeholder()}
          maxLength={60}
        />
      </label>
      <button type="submit" className="btn-primary">
        {m.stock_search_submit()}
      </button>
      {children}
    </form>
  );
}
