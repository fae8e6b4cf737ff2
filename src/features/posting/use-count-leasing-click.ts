import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";

/** `POST leasing-widget/click/{code}`: the bank's link was followed; a failure is only logged (the link opens anyway). */
export function useCountLeasingClick(code: string) {
  const form = useApiForm({
    mutationFn: () =>
      data(api["leasing-widget"].click[":postingCode"].$post({ param: { postingCode: code } })).catch((e: unknown) =>
        console.warn("leasing click", e),
      ),
  });
  return () => void form.submit(undefined);
}
