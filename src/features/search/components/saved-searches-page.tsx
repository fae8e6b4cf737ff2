import { useSuspenseQuery } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import { useDeleteSavedSearch, useMarkSavedSearchSeen } from "../search.mutations";

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: ["saved-searches"], queryFn: () => data(api["saved-searches"].$get()), staleTime: 0 });

/** /uporabnik/shranjena-iskanja: the user's searches with new-result counts. */
export function SavedSearchesPage() {
  const searches = useSuspenseQuery(savedSearchesQueryOptions()).data;
  const markSeen = useMarkSavedSearchSeen();
  const remove = useDeleteSavedSearch();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">{m.saved_title()}</h1>
      <p className="mt-1 text-muted">{m.saved_intro()}</p>
      {searches.length === 0 ? <p className="card mt-6 p-6">{m.saved_empty()}</p> : null}
      <ul className="mt-6 space-y-3">
        {searches.map((s) => (
          <li key={s.id} className="card flex flex-wrap items-center gap-3 p-4" data-testid="saved-search">
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">{s.name}</h2>
              <p className="truncate text-sm text-muted">
                {decodeURIComponent(s.query.replace(/\+/g, " ")) || m.saved_default_name()}
              </p>
              {!s.alertsEnabled ? <p className="text-xs text-muted">{m.saved_alerts_off()}</p> : null}
            </div>
            {s.newCount > 0 ? (
              <span className="rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold">
                {m.saved_new_count({ count: String(s.newCount) })}
              </span>
            ) : null}
            <a
              href={`/iskanje${s.query ? `?${s.query}` : ""}`}
              className="btn-primary"
              onClick={() => void markSeen(s.id)}
            >
              {m.saved_open()}
            </a>
            <button
              type="button"
              className="btn-ghost text-danger"
              aria-label={m.saved_delete_label({ name: s.name })}
              onClick={() => void remove(s.id)}
            >
              {m.saved_delete()}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
