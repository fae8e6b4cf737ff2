import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "~/client/route-guards";
import { InvitationPage } from "~/features/dealers/components/invitation-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/** The salesperson invitation from the SMS (decision 033): signed-out visitors sign in first and come back. */
export const Route = createFileRoute("/_default/povabilo")({
  validateSearch: (s: Record<string, unknown>): { token?: string } =>
    typeof s.token === "string" && tokenPattern.test(s.token) ? { token: s.token } : {},
  beforeLoad: requireSignedIn,
  head: () => ({ meta: [{ title: pageTitle(m.inv_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Invitation() {
    const { token } = Route.useSearch();
    return <InvitationPage token={token} />;
  },
});
