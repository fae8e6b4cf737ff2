import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { participationRules } from "~/features/pages/content/participation-rules";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/pravilasodelovanja")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(participationRules),
  head: ({ loaderData }) => legalHead(loaderData),
  component: ParticipationRulesRoute,
});

function ParticipationRulesRoute() {
  return <LegalPage doc={participationRules} />;
}
