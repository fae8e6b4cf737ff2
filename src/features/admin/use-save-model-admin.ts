import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import { modelAdminMessages, type ModelAdminSave } from "~/contracts/admin-models";
import { m } from "~/paraglide/messages";
import { saveModelAdmin } from "./admin.mutations";
import { modelAdminQueryOptions } from "./model-admin.queries";

/**
 * `PUT model-admin`: a make's base models with their series; the answer replaces the page's data. The
 * message says it is saved, or why not (the spec's "save failed" and the server's first message).
 */
export function useSaveModelAdmin(manufacturer: string | undefined) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const form = useApiForm({
    mutationFn: (save: ModelAdminSave) => saveModelAdmin(save),
    onSuccess: (saved) => {
      queryClient.setQueryData(modelAdminQueryOptions(manufacturer).queryKey, saved);
      setMessage({ text: m.models_saved(), error: false });
    },
    onError: (e) =>
      setMessage({
        text: `${modelAdminMessages.saveFailed}${e instanceof ApiError && e.firstMessage ? ` ${e.firstMessage}` : ""}`,
        error: true,
      }),
  });
  const save = (input: ModelAdminSave) => {
    setMessage(null);
    return form.submit(input);
  };
  return { save, busy: form.busy, message };
}
