import { type ComponentProps, type ComponentType, lazy, memo, Suspense, useState, useSyncExternalStore } from "react";
import type { InquiryForm } from "./inquiry-form";

// vite.config.ts preloads nothing for this import: what the form needs beyond its own file is on the page.
const load = () => import("./inquiry-form").then((mod) => ({ default: mod.InquiryForm }));

/** Resolves on the first focus, tap or key in the server-rendered form. */
function touched() {
  return new Promise<void>((resolve) => {
    const kinds = ["focusin", "pointerdown", "keydown"] as const;
    const on = (e: Event) => {
      if (!(e.target instanceof Element && e.target.closest("#povprasevanje"))) return;
      for (const kind of kinds) document.removeEventListener(kind, on, true);
      resolve();
    };
    for (const kind of kinds) document.addEventListener(kind, on, true);
  });
}

const OnTouch = lazy(() => touched().then(load));
const Now = lazy(load);

type Props = ComponentProps<typeof InquiryForm>;

const noSubscription = () => () => {};

// Memoised with plain props: an update reaching a boundary that still waits for its code would make React
// drop the server's form and render the (empty) fallback instead.
const Boundary = memo(function Boundary({ Form, ...props }: Props & { Form: ComponentType<Props> }) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
});

/**
 * The inquiry form at no cost to the posting page's first load (e2e/page-weight.spec.ts): rendered on the
 * server, where it works as a plain form post, and hydrated only when the buyer first touches it (React
 * keeps what was typed). Mounted later in the app (a navigation), it loads at once.
 */
export const DeferredInquiryForm = memo(function DeferredInquiryForm(props: Props) {
  // True only while React hydrates the server's HTML (the server snapshot), false in a client render.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [Form] = useState(() => (typeof document !== "undefined" && hydrating ? OnTouch : Now));
  return <Boundary Form={Form} {...props} />;
});
