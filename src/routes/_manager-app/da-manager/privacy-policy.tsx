import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerPrivacy } from "~/features/pages/content/manager-app";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/privacy-policy")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(managerPrivacy),
  head: ({ loaderData }) => legalHead(loaderData),
  component: ManagerPrivacyRoute,
});

function ManagerPrivacyRoute() {
  return <LegalPage doc={managerPrivacy} plain />;
}
