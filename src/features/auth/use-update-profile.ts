import { useQueryClient } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import { updateProfileInputSchema } from "~/contracts/auth";
import type { Me } from "~/domain/user";
import { m } from "~/paraglide/messages";
import { meQueryOptions } from "~/client/use-session";

/** `POST me`: saves the profile form and puts the answer in the cached profile; the form's message is the server's. */
export function useUpdateProfile(onSaved: (me: Me) => void) {
  const queryClient = useQueryClient();
  const form = useApiForm({
    schema: updateProfileInputSchema,
    mutationFn: async (input) => {
      const updated = await data(api.me.$post({ json: input }));
      if (!updated) throw new Error("empty");
      return updated;
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(meQueryOptions().queryKey, updated);
      onSaved(updated);
    },
    onError: (e): void => form.setFormError(e instanceof ApiError ? e.message : m.error_generic()),
  });
  return form;
}
