import { createFileRoute, notFound } from "@tanstack/react-router";
import { appConfig } from "~/app.config";
import type { PostingCard } from "~/domain/posting-card";
import type { PostingDetail } from "~/domain/posting-detail";
import { FavouriteButton } from "~/features/favourites/components/favourite-button";
import { DeferredInquiryForm } from "~/features/inquiries/components/deferred-inquiry-form";
import { ErrorPage } from "~/features/pages/components/lazy-error-page";
import { PostingPage } from "~/features/posting/components/posting-page";
import { postingQueryOptions, similarVehiclesQueryOptions } from "~/features/posting/posting.queries";
import { postIdParams } from "~/lib/route-params";
import { postingDescription, postingJsonLd, postingTitle, postingUrl, priceForTitle } from "~/domain/posting-meta";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { setPageStatus } from "~/lib/page-status";
import { m } from "~/paraglide/messages";
import { keepFirstRead, takeFirstRead } from "~/lib/first-read";
import type { QueryClient } from "@tanstack/react-query";

const readPosting = (queryClient: QueryClient, postId: string) =>
  queryClient.ensureQueryData(postingQueryOptions(postId, { withSimilar: true }));

type Loaded = { gone: false; posting: PostingDetail } | { gone: true; similar: PostingCard[] };

export const Route = createFileRoute("/_post/oglas/$postId")({
  params: postIdParams,
  // Signed in, the root starts this read before `me`: it brings the session in the posting's batch (decision 089).
  staticData: {
    firstRead: ({ params, queryClient }) =>
      keepFirstRead(queryClient, `posting:${params.postId}`, readPosting(queryClient, String(params.postId))),
  },
  loader: async ({ context: { queryClient }, params }): Promise<Loaded> => {
    // The posting comes with its similar vehicles, read in the same D1 round trip (issue 27, decision 089): the
    // page's first byte waits for that one trip alone. The carousel finds them under their own query.
    try {
      const posting = await (takeFirstRead<PostingDetail>(queryClient, `posting:${params.postId}`) ??
        readPosting(queryClient, params.postId));
      return { gone: false, posting };
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 410) {
        await setPageStatus(410);
        // A gone posting's page (rare) asks for them on their own: they are its content.
        const similar = await queryClient
          .ensureQueryData(similarVehiclesQueryOptions(String(Number(params.postId))))
          .catch(() => []);
        return { gone: true, similar: similar.slice(0, appConfig.limits.errorPageVehicles * 2) };
      }
      if (error instanceof ApiError && error.statusCode === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => {
    if (!loaderData || loaderData.gone)
      return { meta: [{ title: pageTitle(m.error_410_heading()) }, { name: "robots", content: "noindex" }] };
    const p = loaderData.posting;
    const price = priceForTitle(p);
    const title = pageTitle([postingTitle(p), price].filter(Boolean).join(" – "));
    const image = p.pictures[0] ? `${appConfig.siteUrl}${p.pictures[0].url}` : null;
    return {
      meta: [
        { title },
        { name: "description", content: postingDescription(p) },
        { property: "og:type", content: "product" },
        { property: "og:title", content: postingTitle(p) },
        { property: "og:description", content: postingDescription(p) },
        { property: "og:url", content: postingUrl(p.postId) },
        ...(image ? [{ property: "og:image", content: image }] : []),
        ...(p.status !== "PUBLISHED" ? [{ name: "robots", content: "noindex" }] : []),
      ],
      links: [{ rel: "canonical", href: postingUrl(p.postId) }],
      scripts: [{ type: "application/ld+json", children: postingJsonLd(p) }],
    };
  },
  // Hydrated after the shell, in slices that let the phone answer a tap between them (decision 028).
  wrapInSuspense: true,
  component: function PostingRoute() {
    // Loader data is typed as always there, but Forward to a car that was missing draws the match once before its
    // loader answers "not found" again: nothing then, not a TypeError that showed the 500 page for a moment.
    const data = Route.useLoaderData() as Loaded | undefined;
    if (!data) return null;
    if (data.gone) {
      return (
        <div className="container-page">
          <ErrorPage status={410} similar={data.similar} />
        </div>
      );
    }
    const { posting } = data;
    return (
      <PostingPage
        posting={posting}
        favourite={<FavouriteButton postId={posting.postId} code={posting.code} title={postingTitle(posting)} />}
        inquiry={
          <DeferredInquiryForm
            code={posting.code}
            postId={posting.postId}
            sold={posting.sold}
            own={Boolean(posting.owner)}
          />
        }
      />
    );
  },
});
