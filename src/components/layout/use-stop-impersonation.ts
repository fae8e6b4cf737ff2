import { apiRoot } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { usersListPath } from "~/domain/impersonation-return";

/**
 * `POST /stop-impersonation`: back to the admin's own account, with a full load of the users list the
 * impersonation started from (the server's `returnTo`, its search kept; decision 073).
 */
export function useStopImpersonation() {
  const form = useApiForm({
    mutationFn: () => data(apiRoot["stop-impersonation"].$post()),
    // The route also answers a plain form post with a redirect, hence the typed union.
    onSuccess: (answer) =>
      window.location.assign(answer && typeof answer === "object" ? answer.returnTo : usersListPath),
  });
  return () => void form.submit(undefined);
}
