import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerMarketing } from "~/features/pages/content/manager-app";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/marketing")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(managerMarketing),
  head: ({ loaderData }) => legalHead(loaderData),
  component: MarketingRoute,
});

function MarketingRoute() {
  return <LegalPage doc={managerMarketing} plain />;
}
