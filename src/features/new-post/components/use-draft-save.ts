import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";
import type { DraftUpdateInput } from "~/contracts/drafts";
import { draftQueryOptions } from "../wizard";

/** Saves parts of a draft (on leaving a field, on next); keeps the server's field errors by field. */
export function useDraftSave(postId: string, code: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(patch: DraftUpdateInput): Promise<boolean> {
    setSaving(true);
    try {
      const view = await api.updateDraft(code, patch);
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
    } finally {
      setSaving(false);
    }
  }

  function applyErrors(e: unknown) {
    if (e instanceof ApiError && e.fieldErrors.length) {
      setErrors((prev) => ({ ...prev, ...Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])) }));
      setMessage(m.wizard_check_errors());
    } else {
      setMessage(e instanceof ApiError ? e.firstMessage : m.error_generic());
    }
  }

  /** A step's "Naprej": records the step reached, then moves on only if the save went through. */
  async function saveAndGo(patch: DraftUpdateInput, href: string) {
    if (await save(patch)) void navigate({ href });
  }

  return { save, saveAndGo, errors, message, saving };
}
