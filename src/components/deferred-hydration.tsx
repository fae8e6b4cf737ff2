import { type ComponentType, lazy, memo, Suspense, useEffect, useState, useSyncExternalStore } from "react";

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

/**
 * A form sent inside a part whose code has not hydrated it yet would go as a plain post (the part's fallback
 * without JavaScript): on a failure the server sends the visitor back to an empty form, and what they wrote is lost
 * (session 26: a buyer's message written early, sent after a tap elsewhere). While the page's own code runs, such a
 * submit is held and sent again, with the same button, once the part is hydrated; its own handler takes it then.
 * Returns the call that says the part is hydrated.
 */
function holdSubmits(selector: string): () => void {
  let ready = false;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onSubmit = (e: Event) => {
    if (ready || !(e.target instanceof HTMLFormElement) || !e.target.closest(selector)) return;
    e.preventDefault();
    held = { form: e.target, submitter: e instanceof SubmitEvent ? e.submitter : null };
  };
  document.addEventListener("submit", onSubmit, true);
  const markReady = () => {
    if (ready) return;
    ready = true;
    document.removeEventListener("submit", onSubmit, true);
    const form = held;
    held = null;
    if (form?.form.isConnected) form.form.requestSubmit(form.submitter?.isConnected ? form.submitter : null);
  };
  return markReady;
}

/** The two ways a deferred part mounts: `Later` while the server's HTML hydrates, `Now` in a client render. */
export type DeferredParts<P> = { Later: ComponentType<P>; Now: ComponentType<P>; ready: () => void };

/** Rendered beside the part in its boundary: its effect runs once the part is hydrated (or mounted). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

/**
 * A part of a page whose code loads `when` the visitor reaches it; `selector` finds its root element in the
 * server's HTML. Made once per part, at module level, and rendered with `<Deferred parts={…} … />`.
 */
export function deferredParts<P extends object>(
  selector: string,
  when: HydrateWhen,
  load: () => Promise<ComponentType<P>>,
): DeferredParts<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // Made at module level, so before React hydrates anything: a submit from the first moment the code runs is held.
  const ready = typeof document === "undefined" ? () => {} : holdSubmits(selector);
  const asModule = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // The code never came (offline, a deploy replaced the chunk): the plain post is better than a dead button.
        ready();
        throw error;
      },
    );
    return loading;
  };
  return {
    Later: lazy(() => (when === "touch" ? touched(selector) : nearScreen(selector)).then(asModule)),
    Now: lazy(asModule),
    ready,
  };
}

// Memoised with plain props: an update reaching a boundary that still waits for its code would make React
// drop the server's HTML and render the (empty) fallback instead.
const Boundary = memo(function Boundary({
  Part,
  onReady,
  ...props
}: {
  Part: ComponentType<object>;
  onReady: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
      <Ready onReady={onReady} />
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
  return <Boundary Part={Part as ComponentType<object>} onReady={parts.ready} {...props} />;
}
