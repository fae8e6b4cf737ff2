import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerMarketing } from "~/features/pages/content/manager-app";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/marketing")({
  head: () => legalHead(managerMarketing),
  component: MarketingRoute,
});

function MarketingRoute() {
  return <LegalPage doc={managerMarketing} plain />;
}
