import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { termsOfService } from "~/features/pages/content/terms";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/splosni-pogoji")({
  head: () => legalHead(termsOfService),
  component: TermsRoute,
});

function TermsRoute() {
  return <LegalPage doc={termsOfService} />;
}
