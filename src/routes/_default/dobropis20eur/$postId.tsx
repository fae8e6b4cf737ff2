import { createFileRoute, notFound } from "@tanstack/react-router";
import { CampaignClaimPage } from "~/features/campaign/components/campaign-pages";
import { useMe } from "~/client/use-session";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The campaign transfer for one posting (spec section 2: `/dobropis20eur/{postId}`). */
export const Route = createFileRoute("/_default/dobropis20eur/$postId")({
  loader: async ({ params }) => {
    if (!/^[A-Za-z0-9]{1,20}$/.test(params.postId)) throw notFound();
    // Per viewer (eligibility depends on who asks), so not cached across people.
    return data(api["campaign-transfer-posting-get"][":code"].$get({ param: { code: params.postId } })).catch(
      (e: unknown) => {
        if (e instanceof ApiError && e.statusCode === 404) throw notFound();
        throw e;
      },
    );
  },
  head: () => ({ meta: [{ title: pageTitle(m.campaign_claim_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Claim() {
    const posting = Route.useLoaderData() as ReturnType<typeof Route.useLoaderData> | undefined;
    const me = useMe();
    const { postId } = Route.useParams();
    // Forward to a posting that was missing draws the match once before its loader answers "not found" again.
    if (!posting) return null;
    return (
      <CampaignClaimPage
        posting={posting}
        signedIn={me !== null}
        loginHref={`/relogin?redirectUrl=${encodeURIComponent(`/dobropis20eur/${postId}`)}`}
      />
    );
  },
});
