import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { emailLoginInputSchema } from "~/contracts/auth";

/** `POST login/email`: sends the sign-in link (again, on resend); `onSent` gets the address it went to. */
export function useRequestEmailLogin(onSent: (email: string) => void) {
  return useApiForm({
    schema: emailLoginInputSchema,
    mutationFn: (input) => data(api.login.email.$post({ json: input })),
    onSuccess: (_, input) => onSent(input.email),
    formErrorWithFields: true,
  });
}
