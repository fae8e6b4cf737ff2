import { createFileRoute } from "@tanstack/react-router";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/shranjena-iskanja/odjava")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  head: () => ({ meta: [{ title: pageTitle(m.saved_unsubscribed_title()) }, { name: "robots", content: "noindex" }] }),
  component: function Unsubscribed() {
    const ok = Route.useSearch().ok === "1";
    return (
      <div className="card mx-auto max-w-lg p-6">
        <h1 className="text-xl font-bold">{m.saved_unsubscribed_title()}</h1>
        <p className="mt-2 text-muted">{ok ? m.saved_unsubscribed_ok() : m.saved_unsubscribed_bad()}</p>
      </div>
    );
  },
});
