import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef } from "react";
import type { FieldMessages } from "~/client/field-errors";
import { inquiryChoices } from "~/domain/inquiry";
import { m } from "~/paraglide/messages";
import { inquiryCaptchaQueryOptions } from "../inquiries.queries";
import { useSendInquiry } from "../use-send-inquiry";

export type InquiryFormState = { fieldErrors: FieldMessages; formError: string | null; busy: boolean };

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

/**
 * Sends the inquiry form in place (loaded when the buyer first touches it): takes over its submit,
 * reports the fields' messages and the busy state to the form, and asks for the captcha's settings.
 */
export function InquiryFormController({
  code,
  form,
  onState,
  onSending,
  onSent,
}: {
  code: string;
  form: RefObject<HTMLFormElement | null>;
  onState: (state: InquiryFormState) => void;
  onSending: () => void;
  onSent: () => void;
}) {
  const send = useSendInquiry(code, onSent);
  const captcha = useQuery(inquiryCaptchaQueryOptions()).data;
  const latest = useRef({ send, onSending });
  latest.current = { send, onSending };

  useEffect(() => {
    const el = form.current;
    if (!el) return;
    latest.current.send.formRef.current = el;
    // The server's messages speak now (the browser's own bubbles only before this loaded).
    el.noValidate = true;
    const submit = (e: SubmitEvent) => {
      e.preventDefault();
      latest.current.onSending();
      const data = new FormData(el);
      void latest.current.send.submit({
        name: text(data, "name"),
        email: text(data, "email"),
        phone: text(data, "phone"),
        message: text(data, "message"),
        choices: inquiryChoices.filter((c) => data.getAll("choices").includes(c)),
      });
    };
    el.addEventListener("submit", submit);
    return () => el.removeEventListener("submit", submit);
  }, [form]);

  const { fieldErrors, formError, busy } = send;
  useEffect(() => onState({ fieldErrors, formError, busy }), [onState, fieldErrors, formError, busy]);

  return captcha?.provider === "local" ? <p className="text-xs text-muted">{m.inquiry_captcha_local()}</p> : null;
}
