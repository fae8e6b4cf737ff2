import { createFileRoute } from "@tanstack/react-router";
import { DealerSignupConfirmPage } from "~/features/dealers/components/dealer-signup-confirm-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/** The dealer applicant's e-mail confirmation (decision 034): not nested in the registration form. */
export const Route = createFileRoute("/_default/trgovec/registracija_/potrditev")({
  validateSearch: (s: Record<string, unknown>): { token?: string } =>
    typeof s.token === "string" && tokenPattern.test(s.token) ? { token: s.token } : {},
  head: () => ({ meta: [{ title: pageTitle(m.dreg_confirm_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Confirm() {
    const { token } = Route.useSearch();
    return <DealerSignupConfirmPage token={token} />;
  },
});
