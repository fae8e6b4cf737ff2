import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { ConsentAllowedNotice } from "~/features/partners/components/consent-notice";
import { consentScreen, consentSessionQueryOptions, sessionIdOf } from "~/features/partners/partners.queries";
import { ApiError } from "~/client/errors";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/** Partner consent result: shown for a request already allowed (e.g. on coming back to it). */
export const Route = createFileRoute("/_default/oauth/notification")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loaderDeps: ({ search }) => ({ session: sessionIdOf(search) }),
  loader: async ({ context: { queryClient }, deps: { session } }) => {
    if (!session) throw redirect({ href: "/oauth/error" });
    const view = await queryClient.ensureQueryData(consentSessionQueryOptions(session)).catch((e: unknown) => {
      if (e instanceof ApiError && (e.statusCode === 410 || e.statusCode === 404)) return null;
      throw e;
    });
    if (!view) throw redirect({ href: "/oauth/error" });
    if (view.status === "PENDING") throw redirect({ href: consentScreen("allow", session) });
    return { session };
  },
  head: () => ({
    meta: [{ title: pageTitle(m.partners_notification_title()) }, { name: "robots", content: "noindex" }],
  }),
  component: function OauthNotification() {
    const { session } = Route.useLoaderData();
    const view = useSuspenseQuery(consentSessionQueryOptions(session)).data;
    return <ConsentAllowedNotice partner={view.partner.name} />;
  },
});
