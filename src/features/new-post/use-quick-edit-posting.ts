import { useState } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { type QuickEditInput, quickEditSchema } from "~/contracts/drafts";
import { euroInputValue } from "~/domain/money";
import { m } from "~/paraglide/messages";
import { parseFieldValue } from "./detail-fields";
import { draftQueryOptions } from "./wizard";

/** What the quick edit's inputs hold: the text as typed (euros with comma decimals, kilometres with dots). */
export type QuickEditText = { price: string; specialPrice: string | null; odometerKm: string; description: string };

/**
 * The typed text → the `POST draft/{code}` patch: cents and whole kilometres; what does not parse stays as
 * typed (a string) so the contract's schema answers its Slovenian message, as the wizard does.
 */
export function quickEditPatch(text: QuickEditText, sendsPrice: boolean): QuickEditInput {
  const patch: Partial<Record<keyof QuickEditInput, unknown>> = {
    odometerKm: parseFieldValue("int", text.odometerKm),
    description: text.description.trim() || null,
  };
  if (sendsPrice) patch.price = euroInputValue(text.price);
  if (sendsPrice && text.specialPrice !== null) patch.specialPrice = euroInputValue(text.specialPrice);
  return patch as QuickEditInput;
}

/**
 * The quick edit's one "Shrani" (`POST draft/{code}` with price, mileage and description): the wizard's rules
 * and the server's Slovenian field messages; a double tap sends one save; the posting stays as published.
 */
export function useQuickEditPosting(postId: number, code: string) {
  const [saved, setSaved] = useState(false);
  const form = useApiForm({
    schema: quickEditSchema,
    mutationFn: (patch: QuickEditInput) => data(api.draft[":code"].$post({ param: { code }, json: patch })),
    invalidates: [draftQueryOptions(String(postId)).queryKey, ["posting", String(postId)], ["my-postings"]],
    onSuccess: () => setSaved(true),
    fallbackMessage: m.error_generic,
  });
  const save = (patch: QuickEditInput) => {
    setSaved(false);
    return form.submit(patch);
  };
  return { ...form, save, saved };
}
