import { useSuspenseQuery } from "@tanstack/react-query";
import { receivedInquiriesQueryOptions } from "~/client/inquiries.queries";
import type { InquiryView } from "~/contracts/inquiries";
import { m } from "~/paraglide/messages";
import { useMarkInquiryAnswered } from "../use-mark-inquiry-answered";
import { useReplyInquiry } from "../use-reply-inquiry";
import { InquiryCard, ReplyBox } from "./inquiry-card";

function ReceivedInquiry({ item }: { item: InquiryView }) {
  const reply = useReplyInquiry(item.id);
  const answered = useMarkInquiryAnswered(item.id);
  return (
    <InquiryCard item={item}>
      {item.reply ? null : (
        <div className="space-y-2 border-t border-line pt-3">
          <ReplyBox form={reply} />
          {item.status === "NEW" ? (
            <button type="button" className="btn-outline" disabled={answered.busy} onClick={() => void answered.mark()}>
              {m.inquiry_mark_answered()}
            </button>
          ) : null}
          {answered.error ? (
            <p role="alert" className="text-sm text-danger">
              {answered.error}
            </p>
          ) : null}
        </div>
      )}
    </InquiryCard>
  );
}

/** "Povpraševanja": the inquiries the seller received, newest first (the dealership's for its members). */
export function ReceivedInquiries({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { data } = useSuspenseQuery(receivedInquiriesQueryOptions());
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section id="povprasevanja" aria-labelledby="inquiries-title" className="scroll-mt-4 space-y-3">
      <Heading
        id="inquiries-title"
        className={headingLevel === 1 ? "text-2xl font-bold tracking-tight" : "text-xl font-semibold"}
      >
        {m.inquiry_list_title()}
        {data.newCount ? (
          <span className="ml-2 text-base font-normal text-muted">{m.inquiry_new_count({ count: data.newCount })}</span>
        ) : null}
      </Heading>
      <p className="max-w-2xl text-sm text-muted">{m.inquiry_list_intro()}</p>
      {data.items.length === 0 ? <p className="card p-6 text-center text-muted">{m.inquiry_list_empty()}</p> : null}
      {data.items.map((item) => (
        <ReceivedInquiry key={item.id} item={item} />
      ))}
    </section>
  );
}

/** Beside a posting in "Moji oglasi": how many inquiries it has (and how many are new), linking to the list. */
export function PostingInquiryCount({ code }: { code: string }) {
  const { data } = useSuspenseQuery(receivedInquiriesQueryOptions());
  const mine = data.items.filter((i) => i.posting.code === code);
  if (mine.length === 0) return null;
  const fresh = mine.filter((i) => i.status === "NEW").length;
  return (
    <a href="#povprasevanja" className="text-sm font-medium text-brand-700 underline" data-testid="posting-inquiries">
      {m.inquiry_posting_count({ count: mine.length })}
      {fresh ? ` (${m.inquiry_new_count({ count: fresh })})` : ""}
    </a>
  );
}
