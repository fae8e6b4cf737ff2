import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";

/** The local test checkout's buttons (`POST dev/payments/{id}/pay|cancel`): the server sends the webhook, the page follows its redirect. */
export function useCompleteDevCheckout(sessionId: string) {
  const form = useApiForm({
    mutationFn: (outcome: "pay" | "cancel") => {
      const param = { sessionId };
      return data(
        outcome === "pay"
          ? api.dev.payments[":sessionId"].pay.$post({ param })
          : api.dev.payments[":sessionId"].cancel.$post({ param }),
      );
    },
    leavesPage: true,
    onSuccess: ({ redirectUrl }) => {
      window.location.assign(redirectUrl);
    },
    formErrorWithFields: true,
  });
  return {
    complete: (outcome: "pay" | "cancel") => form.submit(outcome),
    busy: form.busy,
    error: form.formError,
  };
}
