import { useEffect, useRef, useState } from "react";
import { createDeferredDelete } from "./deferred-delete";

/** How long "Razveljavi" is offered after a photo is removed. */
export const undoWindowMs = 6000;

/**
 * Delete with undo in a component: the waiting removal (hidden from the list, offered back in a toast), committed
 * when the window ends, when another photo is removed, when the component goes (another step) or when the page
 * is hidden for good (`pagehide`: a reload, a link, the tab closed; the delete is sent with `keepalive`).
 */
export function useDeferredDelete(commit: (url: string) => void) {
  const latest = useRef(commit);
  latest.current = commit;
  const [pending, setPending] = useState<string | null>(null);
  const [queue] = useState(() => createDeferredDelete((url) => latest.current(url), undoWindowMs, setPending));
  useEffect(() => {
    const flush = () => queue.flush();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [queue]);
  return { pending, schedule: queue.schedule, undo: queue.undo };
}
