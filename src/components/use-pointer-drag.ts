import { type PointerEvent, useRef } from "react";

export type Rect = { left: number; top: number; width: number; height: number };

/**
 * The slot under the pointer, else the one whose centre is nearest it (a grid's slots stay put while the items
 * move through them; a column of cards of different heights is found by the card the finger is over).
 */
export function nearestSlot(slots: readonly Rect[], x: number, y: number): number {
  const inside = slots.findIndex((r) => x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height);
  if (inside >= 0) return inside;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  slots.forEach((r, i) => {
    const d = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}

const dragThresholdPx = 6;
/** Near the window's top or bottom edge a drag scrolls the page, so a far slot can be reached on a phone. */
const edgePx = 56;
const edgeStepPx = 18;

type Drag<K> = { key: K; pointerId: number; x: number; y: number; moved: boolean };

/**
 * Dragging by a handle with a mouse or a finger: pointer events with capture, so the handle keeps the pointer
 * while it moves over other elements. The handle must have `touch-action: none` (a touch drags instead of
 * scrolling) — HTML drag and drop never starts on a touch screen. A press that moves less than a few pixels is
 * not a drag. `slots` measures the drop targets on every move (the page may scroll under the finger);
 * `over` gets the slot under the pointer, `drop` ends a drag, `cancel` a drag the browser took away.
 */
export function usePointerDrag<K>(handlers: {
  slots: () => Rect[] | null;
  start: (key: K) => void;
  over: (key: K, slot: number) => void;
  drop: (key: K) => void;
  cancel: (key: K) => void;
}) {
  const drag = useRef<Drag<K> | null>(null);
  function onPointerDown(key: K, e: PointerEvent<HTMLElement>) {
    if (e.button !== 0 || !handlers.slots()) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { key, pointerId: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
  }

  function onPointerMove(e: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (!d.moved) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < dragThresholdPx) return;
      d.moved = true;
      handlers.start(d.key);
    }
    if (e.clientY < edgePx) window.scrollBy(0, -edgeStepPx);
    else if (e.clientY > window.innerHeight - edgePx) window.scrollBy(0, edgeStepPx);
    const slots = handlers.slots();
    if (slots?.length) handlers.over(d.key, nearestSlot(slots, e.clientX, e.clientY));
  }

  function onPointerUp(e: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (d.moved) handlers.drop(d.key);
  }

  function onPointerCancel() {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) handlers.cancel(d.key);
  }

  /** The pointer props of the handle of `key`. */
  return (key: K) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => onPointerDown(key, e),
    onPointerMove,
    onPointerUp,
    onPointerCancel,
  });
}
