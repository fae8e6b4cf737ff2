import { ApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import {
  type DealerSignupField,
  type DealerSignupInput,
  dealerSignupFields,
  dealerSignupInputSchema,
  extractFileProblem,
  fieldMessages,
} from "~/contracts/dealer-signup";
import { m } from "~/paraglide/messages";
import { submitDealerSignup } from "./dealers.mutations";

export type DealerSignupErrors = Partial<Record<DealerSignupField, string>>;

/** The form's own check: the shared schema for the fields, the early file check for the extract. */
export function checkDealerSignup(values: DealerSignupInput, file: File | null): DealerSignupErrors {
  const parsed = dealerSignupInputSchema.safeParse(values);
  const errors: DealerSignupErrors = parsed.success ? {} : fieldMessages(parsed.error);
  const fileProblem = extractFileProblem(file);
  if (fileProblem) errors.businessRegistryExtract = fileProblem;
  return errors;
}

/** The server's messages for the form's own fields (the first per field). */
function knownFieldMessages(error: ApiError): DealerSignupErrors {
  const out: DealerSignupErrors = {};
  for (const fe of error.fieldErrors) {
    const f = fe.field as DealerSignupField;
    if (dealerSignupFields.includes(f)) out[f] ??= fe.message;
  }
  return out;
}

/**
 * `POST dealer-signup-interest` (multipart: `dealership` JSON and the business register extract): checks
 * the form first, then sends once; marked fields get "check the marked fields" and the first one the focus.
 */
export function useSubmitDealerSignup(onDone: (done: { company: string; email: string }) => void) {
  const form = useApiForm({
    mutationFn: ({ values, file }: { values: DealerSignupInput; file: File }) => submitDealerSignup(values, file),
    onSuccess: (_, { values }) => onDone({ company: values.companyName.trim(), email: values.email.trim() }),
    onError: (e) => {
      if (!(e instanceof ApiError && e.fieldErrors.length)) return;
      const known = knownFieldMessages(e);
      form.setFieldErrors(known);
      form.setFormError(Object.keys(known).length ? m.dreg_check_fields() : e.firstMessage);
      // The answer comes outside an event: React may commit the marks after any frame timer, so the
      // focus waits for the commit itself (a layout effect in the form helper).
      form.focusInvalid();
    },
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
  const save = (values: DealerSignupInput, file: File | null) => {
    const errors = checkDealerSignup(values, file);
    if (Object.keys(errors).length || !file) {
      form.setFieldErrors(errors);
      form.setFormError(m.dreg_check_fields());
      form.focusInvalid();
      return Promise.resolve(undefined);
    }
    return form.submit({ values, file });
  };
  return { ...form, save };
}
