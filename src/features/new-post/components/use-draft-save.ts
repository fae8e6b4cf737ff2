import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { apiFailure } from "~/client/field-errors";
import { useApiForm } from "~/client/use-api-form";
import type { DraftUpdateInput, DraftView } from "~/contracts/drafts";
import type { FieldError } from "~/domain/errors";
import { m } from "~/paraglide/messages";
import { draftQueryOptions } from "../wizard";

/** What a step's "Naprej" checks before it moves on (issue 23): the saved draft → the fields still missing. */
export type StepCheck = (draft: DraftView) => FieldError[];

/**
 * Saves parts of a draft (`POST draft/{code}`): each field when left, at once and in order (autosave: no
 * save is held back or dropped, so this is the one plain mutation of the UI, decision 056; its refusals
 * are read by the helper's apiFailure); the step's "Naprej" goes through the form helper (a double tap
 * sends one save). Keeps the server's field errors by field.
 *
 * No tap is lost after an error (issue 23): "Naprej" is never disabled by a field's save (leaving a field
 * by tapping "Naprej" starts that save); it waits for the saves under way, then checks the step. An error a
 * later save clears keeps its place (`settled`) and the step's summary stays until the next "Naprej", so
 * nothing above the button moves between the finger going down and coming up.
 */
export function useDraftSave(postId: string, code: string, check?: StepCheck) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [settled, setSettled] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [missing, setMissing] = useState<FieldError[]>([]);
  const errorsNow = useRef(errors);
  errorsNow.current = errors;
  const pending = useRef(new Set<Promise<boolean>>());
  const mutationKey = ["draft-save", code];
  const update = useMutation({
    mutationKey,
    mutationFn: (patch: DraftUpdateInput) => data(api.draft[":code"].$post({ param: { code }, json: patch })),
  });
  const saving = useIsMutating({ mutationKey }) > 0;

  async function send(patch: DraftUpdateInput): Promise<boolean> {
    try {
      const view = await update.mutateAsync(patch);
      queryClient.setQueryData(draftQueryOptions(postId).queryKey, view);
      const cleared: Record<string, string> = {};
      const next = { ...errorsNow.current };
      // A list's errors sit under "financingOffers.0.monthlyPayment": saving the list clears them too.
      for (const k of Object.keys(patch))
        for (const key of Object.keys(next))
          if (key === k || key.startsWith(`${k}.`)) {
            cleared[key] = next[key] ?? "";
            delete next[key];
          }
      errorsNow.current = next;
      setErrors(next);
      if (Object.keys(cleared).length) setSettled((prev) => ({ ...prev, ...cleared }));
      return true;
    } catch (e) {
      applyErrors(e);
      return false;
    }
  }

  /** One save; "Naprej" waits for every save under way before it checks the step. */
  function save(patch: DraftUpdateInput): Promise<boolean> {
    const p = send(patch);
    pending.current.add(p);
    void p.finally(() => pending.current.delete(p));
    return p;
  }

  /** The refusal read the one way the form helper reads it (apiFailure): fields marked, else its message. */
  function applyErrors(e: unknown) {
    const failure = apiFailure(e, m.error_generic());
    if (Object.keys(failure.fields).length) {
      errorsNow.current = { ...errorsNow.current, ...failure.fields };
      setErrors(errorsNow.current);
      setMessage(m.wizard_check_errors());
    } else {
      setMessage(failure.message);
    }
  }

  const next = useApiForm({
    mutationFn: async ({ patch, href }: { patch: DraftUpdateInput; href: string }) => {
      // The save of the field left by tapping "Naprej" (and any other under way) counts first.
      await Promise.allSettled([...pending.current]);
      setSettled({});
      const draft = queryClient.getQueryData(draftQueryOptions(postId).queryKey);
      const gaps = check && draft ? check(draft) : [];
      setMissing(gaps);
      if (gaps.length || Object.keys(errorsNow.current).length) {
        errorsNow.current = { ...errorsNow.current, ...Object.fromEntries(gaps.map((g) => [g.field, g.message])) };
        setErrors(errorsNow.current);
        setMessage(gaps.length ? null : m.wizard_check_errors());
        next.focusInvalid();
        return;
      }
      setMessage(null);
      if (await save(patch)) void navigate({ href });
      // The step's first field the server refused gets focus.
      else next.focusInvalid();
    },
  });

  /** A step's "Naprej": checks the step, records the step reached, then moves on only if the save went through. */
  const saveAndGo = (patch: DraftUpdateInput, href: string) => next.submit({ patch, href });

  return {
    save,
    saveAndGo,
    going: next.busy,
    errors,
    settled,
    missing,
    message,
    saving,
    formRef: next.formRef,
  };
}
