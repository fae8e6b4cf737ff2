import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/** One entry of an action menu: a link (`href`) or a button (`onSelect`). */
export type MenuAction = {
  key: string;
  label: string;
  href?: string;
  onSelect?: () => void;
  disabled?: boolean;
};

const itemClass =
  "block w-full px-4 py-2.5 text-left text-sm text-ink hover:bg-surface focus-visible:bg-surface disabled:opacity-50";

/**
 * A menu button ("Več dejanj"): a real button with aria-expanded that opens a menu by tap or keyboard
 * (Enter, Space, ↓ focus the first item; ↑/↓/Home/End move; Esc and Tab close it and focus returns to
 * the button; a tap outside closes it). Choosing an item closes the menu and focuses the button first,
 * so a dialog the item opens returns focus there.
 */
export function ActionMenu({
  label,
  actions,
  children,
  buttonLabel,
}: {
  /** The button's text. */
  label: string;
  actions: MenuAction[];
  /** Extra items (each a `menuitem`), e.g. actions other features add. */
  children?: ReactNode;
  /** The button's accessible name when it should say more than `label` (e.g. which posting). */
  buttonLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
  const close = (focus: boolean) => {
    setOpen(false);
    if (focus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(list.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === "Tab") close(false);
  };

  return (
    <div ref={wrap} className="relative inline-block">
      <button
        ref={button}
        type="button"
        className="btn-outline whitespace-nowrap px-3"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={buttonLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-full z-30 mt-1 min-w-56 overflow-hidden rounded-lg border border-line bg-white py-1 shadow-lg"
        >
          {actions.map((a) =>
            a.href ? (
              <a key={a.key} role="menuitem" href={a.href} className={itemClass} onClick={() => setOpen(false)}>
                {a.label}
              </a>
            ) : (
              <button
                key={a.key}
                type="button"
                role="menuitem"
                className={itemClass}
                disabled={a.disabled}
                onClick={() => {
                  close(true);
                  a.onSelect?.();
                }}
              >
                {a.label}
              </button>
            ),
          )}
          {children}
        </div>
      ) : null}
    </div>
  );
}
