import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { parseSearchParams } from "~/domain/search-filters";
import { manufacturersQueryOptions } from "~/client/catalogue.queries";
import { m } from "~/paraglide/messages";
import { activeChips } from "../chips";
import { newHitsLabel } from "../plural-labels";
import { useDeleteSavedSearch } from "../search.mutations";
import { makesWithModels, modelNamesQueryOptions, savedSearchesQueryOptions } from "../saved-searches.queries";

/** /uporabnik/shranjena-iskanja: the user's searches as readable chips, with new-hit counts since they last looked. */
export function SavedSearchesPage() {
  const searches = useSuspenseQuery(savedSearchesQueryOptions()).data;
  const manufacturers = useSuspenseQuery(manufacturersQueryOptions()).data;
  const queryClient = useQueryClient();
  const makes = makesWithModels(searches.map((s) => s.query));
  const models = useSuspenseQuery(modelNamesQueryOptions(queryClient, makes)).data;
  const names = new Map<string, string>([
    ...manufacturers.map((mk): [string, string] => [mk.value, mk.text]),
    ...models,
  ]);
  const remove = useDeleteSavedSearch();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">{m.saved_title()}</h1>
      <p className="mt-1 text-muted">{m.saved_intro()}</p>
      {searches.length === 0 ? <p className="card mt-6 p-6">{m.saved_empty()}</p> : null}
      <ul className="mt-6 space-y-3">
        {searches.map((s) => {
          const chips = activeChips(parseSearchParams(s.query), names);
          return (
            <li key={s.id} className="card flex flex-wrap items-center gap-3 p-4" data-testid="saved-search">
              <div className="min-w-0 flex-1 basis-64">
                <h2 className="font-semibold break-words">{s.name}</h2>
                <ul aria-label={m.saved_criteria_label()} className="mt-2 flex flex-wrap gap-1.5">
                  {(chips.length ? chips.map((c) => c.label) : [m.saved_default_name()]).map((label) => (
                    <li key={label} className="rounded-full bg-surface px-2.5 py-0.5 text-sm" data-testid="saved-chip">
                      {label}
                    </li>
                  ))}
                </ul>
                {!s.alertsEnabled ? <p className="mt-1 text-xs text-muted">{m.saved_alerts_off()}</p> : null}
              </div>
              {s.newCount > 0 ? (
                <span className="rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold" data-testid="saved-new">
                  {newHitsLabel(s.newCount)}
                </span>
              ) : null}
              {/* A form post: the count starts again from now, then the browser opens the search (303). */}
              <form method="post" action={`/internal-api/v1/saved-searches/${s.id}/open`}>
                <button type="submit" className="btn-primary">
                  {m.saved_open()}
                </button>
              </form>
              <button
                type="button"
                className="btn-ghost text-danger"
                aria-label={m.saved_delete_label({ name: s.name })}
                onClick={() => void remove(s.id)}
              >
                {m.saved_delete()}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
