import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "~/features/pages/components/legal-page";
import { cookiesPolicy } from "~/features/pages/content/cookies";
import { legalHead, legalMeta } from "~/features/pages/legal-head";
import { openConsentSettings } from "~/client/consent";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/piskotki")({
  // The text stays out of the entry chunk: loaded with the page, the head reads its title and lead.
  codeSplitGroupings: [["loader", "component"]],
  loader: () => legalMeta(cookiesPolicy),
  head: ({ loaderData }) => legalHead(loaderData),
  component: CookiesRoute,
});

function CookiesRoute() {
  const settings = (
    <button type="button" className="btn-primary" aria-haspopup="dialog" onClick={openConsentSettings}>
      {m.pages_footer_consent()}
    </button>
  );
  return <LegalPage doc={cookiesPolicy} actions={settings} />;
}
