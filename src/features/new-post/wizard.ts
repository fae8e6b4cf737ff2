import type { DraftUpdateInput, DraftView } from "~/contracts/drafts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

export const draftQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ["draft", postId],
    queryFn: () => data(api.draft[":code"].$get({ param: { code: postId } })),
    staleTime: 0,
  });

/** The posting as buyers will see it (its page and its search card), before it is published: the wizard's people only. */
export const draftPreviewQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ["draft-preview", postId],
    queryFn: () => data(api.draft[":code"].preview.$get({ param: { code: postId } })),
    staleTime: 0,
  });

/** The vehicle chosen in step 1 before signing in (decision 046), by its token. */
export const draftSelectionQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["draft-selection", token],
    queryFn: () => data(api["draft-selection"][":token"].$get({ param: { token: token ?? "" } })),
    enabled: token !== null,
    retry: false,
  });

/** The model's trims (for the car's year when known): `PUT trims/search` is a read. */
export const trimsQueryOptions = (manufacturer: string, model: string, year: string | undefined) =>
  queryOptions({
    queryKey: ["trims", manufacturer, model, year],
    queryFn: () => data(api.trims.search.$put({ json: { manufacturer, model, firstRegistrationDate: year } })),
    enabled: Boolean(manufacturer && model),
  });

/** What a group of the details step gets: the draft, the field messages, and the save of a patch. */
export type DraftFieldsProps = {
  draft: DraftView;
  errors: Record<string, string>;
  save: (patch: DraftUpdateInput) => Promise<boolean>;
};
