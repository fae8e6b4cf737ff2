import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "~/features/dealers/components/contacts-page";
import { dealerContactsQueryOptions } from "~/features/dealers/people.queries";
import { requireDealer } from "~/client/route-guards";
import { useMe } from "~/client/use-session";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's contacts, managed by every member. */
export const Route = createFileRoute("/_default/dms/kontakti")({
  beforeLoad: requireDealer,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(dealerContactsQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.dpeople_contacts_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Contacts() {
    const me = useMe();
    if (!me?.dealership) return null; // the guard (beforeLoad) answered 403
    return <ContactsPage me={me} />;
  },
});
