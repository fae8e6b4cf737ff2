import { createFileRoute } from "@tanstack/react-router";
import { SalespeoplePage } from "~/features/dealers/components/salespeople-page";
import { salespeopleQueryOptions } from "~/features/dealers/people.queries";
import { requireDealer } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's salespeople: the head manages them, other members read the list. */
export const Route = createFileRoute("/_default/dms/svetovalci")({
  beforeLoad: requireDealer,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(salespeopleQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.dpeople_salespeople_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Salespeople() {
    const me = useMe();
    if (!me?.dealership) return null; // the guard (beforeLoad) answered 403
    return <SalespeoplePage me={me} />;
  },
});
