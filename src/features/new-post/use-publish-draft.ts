import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import type { DraftUpdateInput } from "~/contracts/drafts";
import type { FeaturingChoice } from "~/domain/featuring";
import { m } from "~/paraglide/messages";

/** Buys a featuring choice for a posting: the refusal to show, or null when the page moves on. */
export type BuyFeaturing = (postId: number, choice: FeaturingChoice) => Promise<string | null>;

/**
 * The warranty step's "Oddaj oglas": saves the step, publishes the draft (`POST draft/{code}/publish`,
 * unless it is published already), then buys the featuring chosen on the advertising step with `buy` (its
 * refusal is the form's message) or opens the confirmation "Oglas je objavljen" (a saved edit: the posting). The fields the server refuses are listed with the check message.
 */
export function usePublishDraft({
  draft,
  featuring,
  save,
  buy,
}: {
  draft: { id: number; code: string; status: string };
  featuring: FeaturingChoice | null;
  save: (patch: DraftUpdateInput) => Promise<boolean>;
  buy: BuyFeaturing;
}) {
  const navigate = useNavigate();
  const [publishedNow, setPublishedNow] = useState(false);
  const published = draft.status !== "DRAFT" || publishedNow;
  const form = useApiForm({
    mutationFn: async (): Promise<{ refusal: string | null; leaving: boolean }> => {
      if (!(await save({ wizardStep: "warranty" }))) return { refusal: null, leaving: false };
      const wasPublished = published;
      if (!wasPublished) await data(api.draft[":code"].publish.$post({ param: { code: draft.code } }));
      setPublishedNow(true);
      // Published now; the purchase leaves for the checkout or the result page, or says why not.
      const refusal = featuring ? await buy(draft.id, featuring) : null;
      if (refusal) return { refusal, leaving: false };
      // Just published: the confirmation with the link and what to do next; a saved edit goes back to the posting.
      if (!featuring) void navigate({ href: wasPublished ? `/oglas/${draft.id}` : `/nov-oglas/${draft.id}/objavljen` });
      return { refusal: null, leaving: true };
    },
    leavesPage: ({ leaving }) => leaving,
    onSuccess: ({ refusal }): void => form.setFormError(refusal),
    onError: (e): void => {
      if (e instanceof ApiError && e.fieldErrors.length) form.setFormError(m.wizard_check_errors());
    },
  });
  return {
    publish: () => form.submit(undefined),
    busy: form.busy,
    published,
    message: form.formError,
    errors: Object.entries(form.fieldErrors).map(([field, message]) => ({ field, message })),
    formRef: form.formRef,
  };
}
