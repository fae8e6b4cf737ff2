import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { privacyPolicy } from "~/features/pages/content/privacy";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/politika-zasebnosti")({
  head: () => legalHead(privacyPolicy),
  component: PrivacyRoute,
});

function PrivacyRoute() {
  return <LegalPage doc={privacyPolicy} />;
}
