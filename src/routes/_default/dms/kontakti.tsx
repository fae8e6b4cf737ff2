import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "~/features/dealers/components/contacts-page";
import { dealerContactsQueryOptions } from "~/features/dealers/people.queries";
import { requireRegistered } from "~/features/auth/route-guards";
import { useMe } from "~/features/auth/use-session";
import { ErrorPage } from "~/features/pages/components/error-page";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The dealership's contacts, managed by every member. */
export const Route = createFileRoute("/_default/dms/kontakti")({
  beforeLoad: requireRegistered,
  loader: ({ context: { queryClient, me } }) => (me?.dealership ? queryClient.ensureQueryData(dealerContactsQueryOptions()) : null),
  head: () => ({ meta: [{ title: pageTitle(m.dpeople_contacts_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Contacts() {
    const me = useMe();
    if (!me?.dealership) return <ErrorPage status={403} />;
    return <ContactsPage me={me} />;
  },
});
