import { createFileRoute } from "@tanstack/react-router";
import { SalespeoplePage } from "~/features/dealers/components/salespeople-page";
import { salespeopleQueryOptions } from "~/features/dealers/people.queries";
import { requireRegistered } from "~/features/auth/route-guards";
import { useMe } from "~/features/auth/use-session";
import { ErrorPage } from "~/features/pages/components/error-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's salespeople: the head manages them, other members read the list. */
export const Route = createFileRoute("/_default/dms/svetovalci")({
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient, me } }) => (me?.dealership ? queryClient.ensureQueryData(salespeopleQueryOptions()) : null),
  head: () => ({ meta: [{ title: pageTitle(m.dpeople_salespeople_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Salespeople() {
    const me = useMe();
    if (!me?.dealership) return <ErrorPage status={403} />;
    return <SalespeoplePage me={me} />;
  },
});
