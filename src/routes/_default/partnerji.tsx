import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { partnersPage } from "~/features/pages/content/partners";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/partnerji")({
  head: () => legalHead(partnersPage),
  component: PartnersRoute,
});

function PartnersRoute() {
  return <LegalPage doc={partnersPage} />;
}
