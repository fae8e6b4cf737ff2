import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerSupport } from "~/features/pages/content/manager-app";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/support")({
  head: () => legalHead(managerSupport),
  component: SupportRoute,
});

function SupportRoute() {
  return <LegalPage doc={managerSupport} plain />;
}
