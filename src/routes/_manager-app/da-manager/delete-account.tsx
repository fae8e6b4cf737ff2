import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { managerDeleteAccount } from "~/features/pages/content/manager-app";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_manager-app/da-manager/delete-account")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(managerDeleteAccount),
  head: ({ loaderData }) => legalHead(loaderData),
  component: DeleteAccountRoute,
});

function DeleteAccountRoute() {
  return <LegalPage doc={managerDeleteAccount} plain />;
}
