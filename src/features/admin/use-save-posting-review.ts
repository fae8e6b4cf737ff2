import { useApiForm } from "~/client/use-api-form";
import { type PostingReview, type PostingReviewInput, postingReviewSchema } from "~/contracts/admin-posting-review";
import { m } from "~/paraglide/messages";
import { savePostingReview } from "./admin.mutations";

/**
 * What the review form sends to the schema: prices as typed when they are not amounts, so the schema
 * names the problem.
 */
export type PostingReviewForm = Omit<PostingReviewInput, "price" | "specialPrice"> & {
  price?: unknown;
  specialPrice?: unknown;
};

/** `POST posting-review/{code}`: an editor's corrections and badges. */
export function useSavePostingReview(code: string, onSaved: () => void) {
  return useApiForm<PostingReview, Awaited<ReturnType<typeof savePostingReview>>, PostingReviewForm>({
    schema: postingReviewSchema,
    mutationFn: (input) => savePostingReview(code, input),
    onSuccess: onSaved,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
