import { createFileRoute } from "@tanstack/react-router";
import { ConsentExpiredNotice } from "~/features/partners/components/consent-notice";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Partner consent expired or cancelled (spec section 8): the notice, then home. */
export const Route = createFileRoute("/_default/oauth/error")({
  head: () => ({ meta: [{ title: pageTitle(m.partners_error_title()) }, { name: "robots", content: "noindex" }] }),
  component: ConsentExpiredNotice,
});
