import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";

/** `POST login/email/verify`: the sign-in link's button signs in, then a full load of where the link leads. */
export function useOpenEmailLink(token: string) {
  const form = useApiForm({
    mutationFn: () => data(api.login.email.verify.$post({ json: { token } })),
    leavesPage: true,
    onSuccess: ({ location }) => {
      // A full load: every part of the page (and its server render) sees the new session.
      window.location.assign(location);
    },
    formErrorWithFields: true,
  });
  return { open: () => form.submit(undefined), busy: form.busy, error: form.formError };
}
