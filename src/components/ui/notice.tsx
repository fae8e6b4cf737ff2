/** A page's message after an action: a success is a status, a failure an alert. */
export type NoticeMessage = { text: string; error: boolean };

/** The message of the last action on a list page (saved, sent, removed, or why not). */
export function Notice({ notice }: { notice: NoticeMessage | null }) {
  return notice ? (
    <p
      role={notice.error ? "alert" : "status"}
      className={`rounded-lg p-3 text-sm ${notice.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
    >
      {notice.text}
    </p>
  ) : null;
}
