import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";

/** `POST inquiries/{id}/answered`: "Označi kot odgovorjeno" (answered another way; the address stays hidden). */
export function useMarkInquiryAnswered(id: number) {
  const form = useApiForm({
    mutationFn: () => data(api.inquiries[":id"].answered.$post({ param: { id: String(id) } })),
    invalidates: [["inquiries"]],
  });
  return { mark: () => form.submit(undefined), busy: form.busy, error: form.formError };
}
