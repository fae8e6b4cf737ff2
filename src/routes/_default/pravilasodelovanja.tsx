import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { participationRules } from "~/features/pages/content/participation-rules";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/pravilasodelovanja")({
  head: () => legalHead(participationRules),
  component: ParticipationRulesRoute,
});

function ParticipationRulesRoute() {
  return <LegalPage doc={participationRules} />;
}
