import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { privacyPolicy } from "~/features/pages/content/privacy";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/politika-zasebnosti")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(privacyPolicy),
  head: ({ loaderData }) => legalHead(loaderData),
  component: PrivacyRoute,
});

function PrivacyRoute() {
  return <LegalPage doc={privacyPolicy} />;
}
