import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerSupport } from "~/features/pages/content/manager-app";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/support")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(managerSupport),
  head: ({ loaderData }) => legalHead(loaderData),
  component: SupportRoute,
});

function SupportRoute() {
  return <LegalPage doc={managerSupport} plain />;
}
