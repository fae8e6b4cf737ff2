import { apiRoot } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";

/** `POST /stop-impersonation`: back to the admin's own account, with a full load of the home page. */
export function useStopImpersonation() {
  const form = useApiForm({
    mutationFn: () => data(apiRoot["stop-impersonation"].$post()),
    onSuccess: () => window.location.assign("/"),
  });
  return () => void form.submit(undefined);
}
