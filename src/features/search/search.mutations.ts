import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import type { SaveSearchInput } from "~/contracts/saved-searches";

const savedSearchesKey = ["saved-searches"];

/** `POST saved-searches`: saves the current search under a name; the list reloads. */
export function useSaveSearch(onSaved: () => void) {
  // No schema here: the search page must not load zod (e2e/page-weight.spec.ts); the server answers the
  // contract's messages (saveSearchInputSchema) as fieldErrors.
  return useApiForm({
    mutationFn: (input: SaveSearchInput) => data(api["saved-searches"].$post({ json: input })),
    invalidates: [savedSearchesKey],
    onSuccess: onSaved,
    formErrorWithFields: true,
  });
}

/** `DELETE saved-searches/{id}`; the list reloads. */
export function useDeleteSavedSearch() {
  const form = useApiForm({
    mutationFn: (id: number) => data(api["saved-searches"][":id"].$delete({ param: { id: String(id) } })),
    invalidates: [savedSearchesKey],
  });
  return (id: number) => form.submit(id);
}
