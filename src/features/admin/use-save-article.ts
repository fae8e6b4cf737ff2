import { useApiForm } from "~/client/use-api-form";
import { type AdminArticle, articleAdminMessages, articleInputSchema } from "~/contracts/admin-articles";
import { z } from "~/domain/zod-locale";
import { m } from "~/paraglide/messages";
import { createArticle, updateArticle } from "./admin.mutations";

/** The chosen picture: a new article needs one (checked with the fields, so every message shows at once). */
const imageSchema = (required: boolean) =>
  z
    .custom<File | null>((v) => v === null || v instanceof Blob)
    .refine((v) => !required || v !== null, {
      error: articleAdminMessages.image,
    });

/**
 * `POST search-page-article` (new, with its picture) or `POST search-page-article/{id}` (the picture only
 * when it changes): the article's fields and the picture in one multipart request.
 */
export function useSaveArticle(existing: AdminArticle | null, onSaved: () => void) {
  return useApiForm({
    schema: articleInputSchema.extend({ image: imageSchema(!existing) }),
    mutationFn: async ({ image, ...article }) => {
      if (existing) return updateArticle(existing.id, article, image);
      if (!image) throw new Error("image");
      return createArticle(article, image);
    },
    onSuccess: onSaved,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
