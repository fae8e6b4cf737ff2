import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import type { CaptchaConfig } from "~/contracts/inquiries";

/** The inquiry an e-mailed reply link answers. */
export const inquiryByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["inquiries", "token", token],
    queryFn: () => data(api.inquiries.reply.$get({ query: { token } })),
    retry: false,
  });

/** What the form's captcha needs (asked once a buyer starts on the form; it changes only with a deployment). */
export const inquiryCaptchaQueryOptions = () =>
  queryOptions({
    queryKey: ["inquiries", "captcha"],
    queryFn: async (): Promise<CaptchaConfig> => data(api.inquiries.captcha.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
