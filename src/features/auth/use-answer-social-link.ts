import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { safeReturnPath, withParam } from "~/domain/return-path";

/**
 * `POST` / `DELETE social/login/{provider}/confirm`: the owner links the waiting identity (then goes on
 * with success=true, so a new account completes its profile) or declines it; either way a full load.
 */
export function useAnswerSocialLink(provider: string, redirectUrl: string | undefined, onLinked: () => void) {
  const form = useApiForm({
    mutationFn: async (confirm: boolean) => {
      const param = { provider };
      if (confirm) await data(api.social.login[":provider"].confirm.$post({ param }));
      else await data(api.social.login[":provider"].confirm.$delete({ param }));
    },
    leavesPage: true,
    onSuccess: (_, confirm) => {
      if (confirm) onLinked();
      window.location.assign(
        confirm ? withParam(safeReturnPath(redirectUrl), "success", "true") : safeReturnPath(redirectUrl),
      );
    },
    formErrorWithFields: true,
  });
  return { answer: (confirm: boolean) => form.submit(confirm), busy: form.busy, error: form.formError };
}
