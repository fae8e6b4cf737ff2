import { useState, type ReactNode } from "react";
import { m } from "~/paraglide/messages";

export type Notice = { text: string; error: boolean } | null;

const navItems = [
  { key: "dealerships", href: "/administracija/poslovne-enote", label: m.adealers_nav_dealerships },
  { key: "networks", href: "/administracija/poslovne-mreze", label: m.adealers_nav_networks },
  { key: "salespeople", href: "/administracija/svetovalci", label: m.adealers_nav_salespeople },
  { key: "users", href: "/administracija/uporabniki", label: m.adealers_nav_users },
] as const;
export type DealerAdminSection = (typeof navItems)[number]["key"];

/** Tabs between the admin's dealer screens (the users page with impersonation is reached only from here). */
export function DealerAdminNav({ current }: { current: DealerAdminSection }) {
  return (
    <nav aria-label={m.adealers_nav_label()} className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 border-b border-line px-1">
        {navItems.map((item) => (
          <li key={item.key}>
            <a
              href={item.href}
              aria-current={item.key === current ? "page" : undefined}
              className={`-mb-px block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${item.key === current ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"}`}
            >
              {item.label()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The result of the last action, announced to screen readers. */
export function NoticeBar({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      role={notice.error ? "alert" : "status"}
      className={`rounded-lg p-3 text-sm ${notice.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
    >
      {notice.text}
    </p>
  );
}

/** A search box that submits on Enter or the button. */
export function SearchForm({
  label,
  placeholder,
  initial,
  onSearch,
  children,
}: {
  label: string;
  placeholder?: string;
  initial: string;
  onSearch: (q: string | undefined) => void;
  children?: ReactNode;
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
          maxLength={100}
        />
      </label>
      {children}
      <button type="submit" className="btn-primary">
        {m.adealers_search_submit()}
      </button>
    </form>
  );
}

/** A labelled text input with its error below, wired for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  type = "text",
  inputMode,
  autoComplete,
  maxLength,
  hint,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: "text" | "email" | "tel" | "url" | "date" | "time";
  inputMode?: "text" | "numeric" | "tel" | "email" | "url";
  autoComplete?: string;
  maxLength?: number;
  hint?: string;
  className?: string;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={id}
        className="field-input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? "off"}
        maxLength={maxLength}
        value={value}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Moves focus to the first invalid field of a form after a failed submit. */
export function focusFirstError(form: HTMLElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
