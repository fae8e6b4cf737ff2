import { createFileRoute, notFound } from "@tanstack/react-router";
import { ApiError } from "~/client/errors";
import { InquiryReplyPage } from "~/features/inquiries/components/reply-page";
import { inquiryByTokenQueryOptions } from "~/features/inquiries/inquiries.queries";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

const tokenOf = (search: Record<string, unknown>) => (typeof search.token === "string" ? search.token : "");

/** The page an inquiry's e-mailed reply link opens (decision 066): the token answers that inquiry only. */
export const Route = createFileRoute("/_default/povprasevanja/odgovor")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loaderDeps: ({ search }) => ({ token: tokenOf(search) }),
  loader: async ({ context, deps }) => {
    try {
      await context.queryClient.ensureQueryData(inquiryByTokenQueryOptions(deps.token));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw notFound();
      throw error;
    }
  },
  // The token must not leave the site in a Referer.
  head: () => ({
    meta: [
      { title: pageTitle(m.inquiry_reply_title()) },
      { name: "robots", content: "noindex" },
      { name: "referrer", content: "no-referrer" },
    ],
  }),
  component: function InquiryReplyRoute() {
    return <InquiryReplyPage token={tokenOf(Route.useSearch())} />;
  },
});
