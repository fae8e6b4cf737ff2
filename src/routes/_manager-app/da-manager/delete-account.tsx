import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerDeleteAccount } from "~/features/pages/content/manager-app";
import { legalHead } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/delete-account")({
  head: () => legalHead(managerDeleteAccount),
  component: DeleteAccountRoute,
});

function DeleteAccountRoute() {
  return <LegalPage doc={managerDeleteAccount} plain />;
}
