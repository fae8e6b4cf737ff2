import { createFileRoute, notFound } from "@tanstack/react-router";
import { serializeJsonLd } from "~/domain/json-ld";
import { appConfig } from "~/app.config";
import { DealerPage } from "~/features/dealers/components/dealer-page";
import { dealerStockQueryOptions } from "~/features/dealers/dealers.queries";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Public dealer page by the dealership's code (shown only when it has one). */
export const Route = createFileRoute("/_default/trgovec/$dealerId")({
  loader: async ({ context: { queryClient }, params }) => {
    if (!/^[a-z0-9-]{1,60}$/.test(params.dealerId)) throw notFound();
    const [dealer] = await Promise.all([
      data(api.dealership[":code"].$get({ param: { code: params.dealerId } })).catch((e: unknown) => {
        if (e instanceof ApiError && e.statusCode === 404) throw notFound();
        throw e;
      }),
      queryClient.ensureQueryData(dealerStockQueryOptions(params.dealerId)).catch(() => null),
    ]);
    return { dealer };
  },
  head: ({ loaderData }) => {
    if (!loaderData) return {};
    const d = loaderData.dealer;
    const jsonLd = serializeJsonLd({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: d.name,
      url: `${appConfig.siteUrl}/trgovec/${d.code}`,
      telephone: d.phone ?? undefined,
      email: d.email ?? undefined,
      logo: d.logoUrl ? `${appConfig.siteUrl}${d.logoUrl}` : undefined,
      address: d.address
        ? {
            "@type": "PostalAddress",
            streetAddress: d.address,
            postalCode: d.postalCode ?? undefined,
            addressLocality: d.city ?? undefined,
            addressCountry: "SI",
          }
        : undefined,
      // Written on the server (decision 072): the route bundle, loaded on every page, carries no opening-hours code.
      openingHoursSpecification: d.openingHoursSpecification,
    });
    return {
      meta: [
        { title: pageTitle(m.dealer_title({ name: d.name })) },
        { name: "description", content: m.dealer_description({ name: d.name, postings: String(d.publishedPostings) }) },
      ],
      links: [{ rel: "canonical", href: `${appConfig.siteUrl}/trgovec/${d.code}` }],
      scripts: [{ type: "application/ld+json", children: jsonLd }],
    };
  },
  component: function Dealer() {
    // Forward to a dealer that was missing draws the match once before its loader answers "not found" again.
    const loaded = Route.useLoaderData() as ReturnType<typeof Route.useLoaderData> | undefined;
    if (!loaded) return null;
    return <DealerPage dealer={loaded.dealer} />;
  },
});
