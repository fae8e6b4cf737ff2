import type { ComponentProps } from "react";
import { Deferred, deferredParts } from "~/components/deferred-hydration";
import type { InquiryForm } from "./inquiry-form";

// vite.config.ts preloads nothing for the form's chunk: what it needs beyond its own file is on the page.
const parts = deferredParts("#povprasevanje", "touch", () => import("./inquiry-form").then((mod) => mod.InquiryForm));

/**
 * The inquiry form at no cost to the posting page's first load (decision 069): rendered on the server, where
 * it works as a plain form post, and hydrated only when the buyer first touches it (React keeps what was typed).
 */
export function DeferredInquiryForm(props: ComponentProps<typeof InquiryForm>) {
  return <Deferred parts={parts} {...props} />;
}
