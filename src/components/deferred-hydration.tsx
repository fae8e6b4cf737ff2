import { type ComponentType, lazy, memo, Suspense, useState, useSyncExternalStore } from "react";

/**
 * When a server-rendered part of a page gets its code (decision 069): on the first focus, tap or key inside
 * it ("touch": a form that works as a plain post until then), or once it comes near the screen ("visible": a
 * calculator below the fold). Either way the posting page's first load does not pay for it
 * (e2e/page-weight.spec.ts).
 */
export type HydrateWhen = "touch" | "visible";

function touched(selector: string) {
  return new Promise<void>((resolve) => {
    // React reaches a part only after the page has hydrated, and a focus inside it hydrates it on the spot: either
    // way the visitor may already be in one of its fields, and that focus is not seen again (session 26: the
    // leasing box's code never came for a buyer who had tapped into it that early).
    if (document.activeElement?.closest(selector)) return resolve();
    // "input" too: text pasted or filled in by the browser comes with no key.
    const kinds = ["focusin", "pointerdown", "keydown", "input"] as const;
    const on = (e: Event) => {
      if (!(e.target instanceof Element && e.target.closest(selector))) return;
      for (const kind of kinds) document.removeEventListener(kind, on, true);
      resolve();
    };
    for (const kind of kinds) document.addEventListener(kind, on, true);
  });
}

function nearScreen(selector: string) {
  return new Promise<void>((resolve) => {
    const element = document.querySelector(selector);
    if (!element || typeof IntersectionObserver === "undefined") return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(element);
    // A tap or a key inside it before it scrolled near (a keyboard user tabbing in) loads it too.
    void touched(selector).then(() => {
      observer.disconnect();
      resolve();
    });
  });
}

const noSubscription = () => () => {};

/** The two ways a deferred part mounts: `Later` while the server's HTML hydrates, `Now` in a client render. */
export type DeferredParts<P> = { Later: ComponentType<P>; Now: ComponentType<P> };

/**
 * A part of a page whose code loads `when` the visitor reaches it; `selector` finds its root element in the
 * server's HTML. Made once per part, at module level, and rendered with `<Deferred parts={…} … />`.
 */
export function deferredParts<P extends object>(
  selector: string,
  when: HydrateWhen,
  load: () => Promise<ComponentType<P>>,
): DeferredParts<P> {
  const asModule = () => load().then((component) => ({ default: component }));
  return {
    Later: lazy(() => (when === "touch" ? touched(selector) : nearScreen(selector)).then(asModule)),
    Now: lazy(asModule),
  };
}

// Memoised with plain props: an update reaching a boundary that still waits for its code would make React
// drop the server's HTML and render the (empty) fallback instead.
const Boundary = memo(function Boundary({ Part, ...props }: { Part: ComponentType<object> }) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
});

/**
 * The part rendered on the server as usual; in the browser React keeps the server's HTML (and what was typed
 * into uncontrolled fields) until the part's code has loaded. Mounted later in the app (after a navigation)
 * it loads at once.
 */
export function Deferred<P extends object>({ parts, ...props }: { parts: DeferredParts<P> } & P) {
  // True only while React hydrates the server's HTML (the server snapshot), false in a client render.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [Part] = useState(() => (typeof document !== "undefined" && hydrating ? parts.Later : parts.Now));
  return <Boundary Part={Part as ComponentType<object>} {...props} />;
}
