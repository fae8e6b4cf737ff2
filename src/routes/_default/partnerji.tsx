import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { partnersPage } from "~/features/pages/content/partners";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/partnerji")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(partnersPage),
  head: ({ loaderData }) => legalHead(loaderData),
  component: PartnersRoute,
});

function PartnersRoute() {
  return <LegalPage doc={partnersPage} />;
}
