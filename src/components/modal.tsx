import { useEffect, useId, useRef, type ReactNode } from "react";
import { m } from "~/paraglide/messages";

/**
 * A modal dialog on the native <dialog>: focus moves in and is trapped, Escape and the close
 * button close it, focus returns to where it was.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  closeLabel,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  closeLabel?: string;
  size?: "md" | "lg";
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className={`m-auto ${size === "lg" ? "w-[min(48rem,94vw)]" : "w-[min(30rem,92vw)]"} rounded-xl p-0 shadow-xl backdrop:bg-black/40`}
    >
      {open ? (
        <div className="space-y-4 p-5">
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              className="btn-ghost -mr-2 -mt-1 px-2 py-1"
              aria-label={closeLabel ?? m.dialog_close()}
              onClick={() => ref.current?.close()}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
