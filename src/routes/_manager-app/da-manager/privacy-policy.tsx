import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerPrivacy } from "~/features/pages/content/manager-app";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/privacy-policy")({
  head: () => legalHead(managerPrivacy),
  component: ManagerPrivacyRoute,
});

function ManagerPrivacyRoute() {
  return <LegalPage doc={managerPrivacy} plain />;
}
