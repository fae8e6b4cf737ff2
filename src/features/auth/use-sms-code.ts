import { useState } from "react";
import { useApiForm } from "~/client/use-api-form";
import { toSlovenianMobile, validationMessages } from "~/domain/validators";
import { z } from "~/domain/zod-locale";
import { m } from "~/paraglide/messages";

/** The number as typed, made canonical (+386…); anything but a Slovenian mobile marks the number field. */
const mobileNumberSchema = z.object({
  phoneNumber: z.string().transform((value, ctx) => {
    const canonical = toSlovenianMobile(value);
    if (!canonical) ctx.addIssue({ code: "custom", message: validationMessages.slovenianMobileOnly });
    return canonical ?? "";
  }),
});

/**
 * The two steps every SMS-code form shares, on the form helper: a number (checked and made canonical
 * here) gets a code sent, then the 5-digit code is checked. One busy state and one message for both.
 */
export function useSmsCode({
  send,
  sendError,
  check,
  checkError,
  keepBusyOnSuccess = false,
}: {
  /** Sends the code to the canonical number. */
  send: (phoneNumber: string) => Promise<unknown>;
  sendError: (error: unknown) => string;
  /** Checks the code; what follows a success (a reload, the profile's update) belongs here. */
  check: (input: { phoneNumber: string; pin: string }) => Promise<unknown>;
  checkError: (error: unknown) => string;
  /** A sign-in leaves the page: the form stays disabled meanwhile. */
  keepBusyOnSuccess?: boolean;
}) {
  const [number, setNumber] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sending = useApiForm({
    schema: mobileNumberSchema,
    mutationFn: ({ phoneNumber }: { phoneNumber: string }) => send(phoneNumber),
    onSuccess: (_, { phoneNumber }) => setSentTo(phoneNumber),
    onError: (e): void => sending.setFormError(sendError(e)),
  });
  const checking = useApiForm({
    mutationFn: check,
    leavesPage: keepBusyOnSuccess,
    onError: (e): void => checking.setFormError(checkError(e) || m.error_generic()),
  });

  const cancel = () => {
    setSentTo(null);
    sending.reset();
    checking.reset();
  };

  return {
    number,
    setNumber,
    sentTo,
    /** The number field's own message (not a Slovenian mobile). */
    numberError: sending.fieldErrors.phoneNumber ?? null,
    error: sending.formError ?? checking.formError,
    busy: sending.busy || checking.busy,
    formRef: sending.formRef,
    sendCode: () => {
      checking.reset();
      return sending.submit({ phoneNumber: number });
    },
    checkCode: (pin: string) => (sentTo ? checking.submit({ phoneNumber: sentTo, pin }) : Promise.resolve(undefined)),
    cancel,
  };
}
