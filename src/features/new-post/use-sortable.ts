import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { usePointerDrag } from "~/components/use-pointer-drag";
import { moveItem } from "~/domain/photo-order";
import { m } from "~/paraglide/messages";

/**
 * Reordering a list by its drag handles: with a mouse or a finger (the shared `usePointerDrag`) and with the keyboard (Space lifts, the arrows
 * move, Space drops, Escape cancels; each step is announced). The order shown while dragging is local; the
 * dropped order goes to `commit`, and stays shown until the saved order comes back.
 */
export function useSortable(
  urls: readonly string[],
  commit: (urls: string[]) => Promise<unknown>,
  announce: (text: string) => void,
) {
  const [preview, setPreview] = useState<string[] | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const order = preview ?? [...urls];
  const key = urls.join("\n");

  // The saved order arrived (or the list changed under us): show it.
  useEffect(() => {
    if (!active) setPreview(null);
  }, [key]);

  // Keep the focus on the handle of the lifted photo while it moves through the list.
  useEffect(() => {
    if (active && preview) handles.current.get(active)?.focus();
  }, [active, preview]);

  const position = (list: readonly string[], url: string) => list.indexOf(url) + 1;

  async function drop(final: string[]) {
    setActive(null);
    if (final.join("\n") === key) {
      setPreview(null);
      return;
    }
    setPreview(final);
    await commit(final);
    setPreview(null);
  }

  function cancel(url: string) {
    setActive(null);
    setPreview(null);
    announce(m.pictures_cancelled({ n: String(position(urls, url)) }));
  }

  function moveTo(url: string, to: number) {
    setPreview((prev) => {
      const list = prev ?? [...urls];
      const from = list.indexOf(url);
      return from === to || to < 0 || to >= list.length ? list : moveItem(list, from, to);
    });
  }

  function onKeyDown(url: string, e: KeyboardEvent<HTMLButtonElement>) {
    const lifted = active === url;
    if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      if (!lifted) {
        setActive(url);
        setPreview([...urls]);
        announce(m.pictures_lifted({ n: String(position(urls, url)) }));
      } else {
        announce(m.pictures_dropped({ n: String(position(order, url)), total: String(order.length) }));
        void drop(order);
      }
      return;
    }
    if (!lifted) return;
    if (e.key === "Escape") {
      e.preventDefault();
      cancel(url);
      return;
    }
    const delta =
      e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : 0;
    if (delta === 0) return;
    e.preventDefault();
    const to = Math.max(0, Math.min(order.length - 1, order.indexOf(url) + delta));
    moveTo(url, to);
    announce(m.pictures_moved({ n: String(to + 1), total: String(order.length) }));
  }

  const pointer = usePointerDrag<string>({
    slots: () => (listRef.current ? [...listRef.current.children].map((li) => li.getBoundingClientRect()) : null),
    start: (url) => setActive(url),
    over: (url, slot) => moveTo(url, slot),
    drop: (url) => {
      const final = preview ?? [...urls];
      announce(m.pictures_dropped({ n: String(position(final, url)), total: String(final.length) }));
      void drop(final);
    },
    cancel,
  });

  /** Props of the handle of `url`. */
  const handleProps = (url: string) => ({
    ref: (el: HTMLButtonElement | null) => {
      if (el) handles.current.set(url, el);
      else handles.current.delete(url);
    },
    "aria-pressed": active === url,
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => onKeyDown(url, e),
    ...pointer(url),
    onBlur: (e: { relatedTarget: EventTarget | null }) => {
      // Focus moved elsewhere (Tab): the lift ends where it started. A blur from the list moving has no target.
      if (active === url && e.relatedTarget) cancel(url);
    },
  });

  return { order, active, listRef, handleProps };
}
