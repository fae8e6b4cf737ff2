import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerTerms } from "~/features/pages/content/manager-app";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/terms-of-use")({
  head: () => legalHead(managerTerms),
  component: ManagerTermsRoute,
});

function ManagerTermsRoute() {
  return <LegalPage doc={managerTerms} plain />;
}
