import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { apiFailure, focusFirstInvalid } from "~/client/field-errors";
import { useApiForm } from "~/client/use-api-form";
import type { DraftUpdateInput } from "~/contracts/drafts";
import { m } from "~/paraglide/messages";
import { draftQueryOptions } from "../wizard";

/**
 * Saves parts of a draft (`POST draft/{code}`): each field when left, at once and in order (autosave: no
 * save is held back or dropped, so this is the one plain mutation of the UI, decision 056; its refusals
 * are read by the helper's apiFailure); the step's "Naprej" goes through the form helper (a double tap
 * sends one save). Keeps the server's field errors by field.
 */
export function useDraftSave(postId: string, code: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const mutationKey = ["draft-save", code];
  const update = useMutation({
    mutationKey,
    mutationFn: (patch: DraftUpdateInput) => data(api.draft[":code"].$post({ param: { code }, json: patch })),
  });
  const saving = useIsMutating({ mutationKey }) > 0;

  async function save(patch: DraftUpdateInput): Promise<boolean> {
    try {
      const view = await update.mutateAsync(patch);
      queryClient.setQueryData(draftQueryOptions(postId).queryKey, view);
      setErrors((prev) => {
        const next = { ...prev };
        // A list's errors sit under "financingOffers.0.monthlyPayment": saving the list clears them too.
        for (const k of Object.keys(patch))
          for (const key of Object.keys(next)) if (key === k || key.startsWith(`${k}.`)) delete next[key];
        return next;
      });
      setMessage(null);
      return true;
    } catch (e) {
      applyErrors(e);
      return false;
    }
  }

  /** The refusal read the one way the form helper reads it (apiFailure): fields marked, else its message. */
  function applyErrors(e: unknown) {
    const failure = apiFailure(e, m.error_generic());
    if (Object.keys(failure.fields).length) {
      setErrors((prev) => ({ ...prev, ...failure.fields }));
      setMessage(m.wizard_check_errors());
    } else {
      setMessage(failure.message);
    }
  }

  const next = useApiForm({
    mutationFn: async ({ patch, href }: { patch: DraftUpdateInput; href: string }) => {
      if (await save(patch)) void navigate({ href });
      // The step's first field the server refused gets focus.
      else focusFirstInvalid(next.formRef.current);
    },
  });

  /** A step's "Naprej": records the step reached, then moves on only if the save went through. */
  const saveAndGo = (patch: DraftUpdateInput, href: string) => next.submit({ patch, href });

  return { save, saveAndGo, going: next.busy, errors, message, saving, formRef: next.formRef };
}
