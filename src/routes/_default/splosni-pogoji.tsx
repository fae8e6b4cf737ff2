import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { termsOfService } from "~/features/pages/content/terms";
import { legalHead, legalMeta } from "~/features/pages/legal-head";

export const Route = createFileRoute("/_default/splosni-pogoji")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(termsOfService),
  head: ({ loaderData }) => legalHead(loaderData),
  component: TermsRoute,
});

function TermsRoute() {
  return <LegalPage doc={termsOfService} />;
}
