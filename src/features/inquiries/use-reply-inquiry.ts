import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { useApiForm } from "~/client/use-api-form";
import { type ReplyInquiryInput, replyInquiryInputSchema } from "~/contracts/inquiries";

/** `POST inquiries/{id}/reply`: the seller's answer from the site; the list then shows the buyer's address. */
export function useReplyInquiry(id: number) {
  return useApiForm({
    schema: replyInquiryInputSchema,
    mutationFn: (json: { message: string }) =>
      data(api.inquiries[":id"].reply.$post({ param: { id: String(id) }, json })),
    invalidates: [["inquiries"]],
  });
}

/** `POST inquiries/reply`: the answer through the e-mailed link (the token is the permission). */
export function useReplyByToken(token: string) {
  return useApiForm({
    schema: replyInquiryInputSchema,
    mutationFn: (json: { message: string }) => data(api.inquiries.reply.$post({ json: { ...json, token } })),
    invalidates: [["inquiries"]],
  });
}

export type ReplyForm = ReturnType<typeof useReplyInquiry>;
export type { ReplyInquiryInput };
