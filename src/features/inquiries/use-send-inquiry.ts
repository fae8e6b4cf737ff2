import { useQueryClient } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import type { SendInquiryInput } from "~/contracts/inquiries";
import { captchaToken } from "./captcha";
import { inquiryCaptchaQueryOptions } from "./inquiries.queries";

/**
 * `POST postings/{code}/inquiries`. No schema on the page (zod stays off the posting page,
 * e2e/page-weight.spec.ts): the server validates and its fieldErrors mark the fields.
 */
export function useSendInquiry(code: string, onSent: () => void) {
  const queryClient = useQueryClient();
  return useApiForm({
    mutationFn: async (input: SendInquiryInput) => {
      const captcha = await queryClient.ensureQueryData(inquiryCaptchaQueryOptions());
      const token = await captchaToken(captcha);
      return data(
        api.postings[":code"].inquiries.$post({
          param: { code },
          json: token ? { ...input, captchaToken: token } : input,
        }),
      );
    },
    onSuccess: onSent,
  });
}
