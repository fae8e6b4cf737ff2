import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { deleteArticle } from "./admin.mutations";

/** `DELETE search-page-article/{id}`: the article and its picture go (the audit log keeps it). */
export function useDeleteArticle(onDeleted: () => void) {
  return useApiForm({
    mutationFn: (id: number) => deleteArticle(id),
    onSuccess: onDeleted,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
