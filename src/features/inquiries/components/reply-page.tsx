import { useSuspenseQuery } from "@tanstack/react-query";
import { m } from "~/paraglide/messages";
import { inquiryByTokenQueryOptions } from "../inquiries.queries";
import { useReplyByToken } from "../use-reply-inquiry";
import { InquiryCard, ReplyBox } from "./inquiry-card";

/** /povprasevanja/odgovor?token=…: the seller answers an inquiry from the e-mailed link, signed in or not. */
export function InquiryReplyPage({ token }: { token: string }) {
  const { data: item } = useSuspenseQuery(inquiryByTokenQueryOptions(token));
  const reply = useReplyByToken(token);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{m.inquiry_reply_title()}</h1>
      <p className="text-sm text-muted">{m.inquiry_reply_intro()}</p>
      <InquiryCard item={item}>{item.reply ? null : <ReplyBox form={reply} />}</InquiryCard>
    </div>
  );
}
