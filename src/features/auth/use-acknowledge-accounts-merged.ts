import { useNavigate } from "@tanstack/react-router";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { meQueryOptions } from "~/client/use-session";

/** `DELETE me/accounts-merged`: the merge notice was seen (a failure is ignored); the profile reloads, then home. */
export function useAcknowledgeAccountsMerged() {
  const navigate = useNavigate();
  const form = useApiForm({
    mutationFn: () => data(api.me["accounts-merged"].$delete()).catch(() => undefined),
    invalidates: [meQueryOptions().queryKey],
    onSuccess: () => navigate({ to: "/" }),
  });
  return () => form.submit(undefined);
}
