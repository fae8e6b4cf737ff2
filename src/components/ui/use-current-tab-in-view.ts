import { useEffect, useRef } from "react";

/**
 * A tab strip that scrolls sideways on a phone: on arrival, its current tab (`aria-current="page"`) is scrolled
 * to the middle of the strip, sideways only, so the page itself does not jump. Put the ref on the scrolling element.
 */
export function useCurrentTabInView<T extends HTMLElement>() {
  const strip = useRef<T>(null);
  useEffect(() => {
    const nav = strip.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    const offset = active.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    nav.scrollLeft = Math.max(0, offset - (nav.clientWidth - active.offsetWidth) / 2);
  }, []);
  return strip;
}
