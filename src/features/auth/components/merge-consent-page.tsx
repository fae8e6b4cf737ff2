import { formatPhone } from "~/domain/phone";
import { useState } from "react";
import type { MergeRequestView } from "~/domain/account-link";
import { safeReturnPath } from "~/domain/return-path";
import { m } from "~/paraglide/messages";
import { useAnswerMergeRequest } from "../use-answer-merge-request";
import { AnswerButton, AnswerButtons, NothingToAnswer } from "./answer-page";

/**
 * The target owner's consent to merge a legacy phone account into theirs (decision 032): it lists what
 * would move; the phone moves only when ticked, and then unverified.
 */
export function MergeConsentPage({ view, redirectUrl }: { view: MergeRequestView | null; redirectUrl: string }) {
  const [takePhone, setTakePhone] = useState(false);
  const [declined, setDeclined] = useState(false);
  const merge = useAnswerMergeRequest(() => setDeclined(true));
  const next = safeReturnPath(view?.redirectUrl ?? redirectUrl);

  if (!view || declined) {
    return (
      <NothingToAnswer
        role="status"
        title={m.merge_consent_title()}
        text={declined ? m.merge_consent_declined() : m.merge_consent_none()}
        action={
          <a className="btn-primary inline-block px-4 py-2.5" href={next}>
            {m.merge_consent_continue()}
          </a>
        }
      />
    );
  }
  const phone = formatPhone(view.phoneNumber);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.merge_consent_heading()}</h1>
      <p className="text-muted">{m.merge_consent_text({ phone })}</p>
      <div className="rounded-lg border border-line p-3 text-sm">
        <p className="font-semibold">{m.merge_consent_moves()}</p>
        <p className="mt-2">{m.merge_consent_postings({ count: String(view.postings.length) })}</p>
        {view.postings.length === 0 ? (
          <p className="text-muted">{m.merge_consent_no_postings()}</p>
        ) : (
          <ul className="ml-5 list-disc" data-testid="merge-postings">
            {view.postings.map((p) => (
              <li key={p.code} className="break-words">
                {[p.manufacturerName, p.modelName, p.trimName].filter(Boolean).join(" ") || p.code} ({p.code})
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2">{m.merge_consent_favourites({ count: String(view.favourites) })}</p>
        <p>{m.merge_consent_saved({ count: String(view.savedSearches) })}</p>
        {phone ? (
          view.targetHasPhone ? (
            <p className="mt-2 text-muted">{m.merge_consent_phone_kept({ phone })}</p>
          ) : (
            <label className="mt-2 flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1"
                checked={takePhone}
                onChange={(e) => setTakePhone(e.target.checked)}
              />
              <span>{m.merge_consent_phone({ phone })}</span>
            </label>
          )
        ) : null}
      </div>
      <AnswerButtons error={merge.error}>
        <AnswerButton
          kind="confirm"
          busy={merge.busy}
          onClick={() =>
            void merge.answer({ confirm: true, id: view.id, takePhone: takePhone && !view.targetHasPhone })
          }
        >
          {m.merge_consent_confirm()}
        </AnswerButton>
        <AnswerButton kind="decline" busy={merge.busy} onClick={() => void merge.answer({ confirm: false })}>
          {m.merge_consent_decline()}
        </AnswerButton>
      </AnswerButtons>
    </div>
  );
}
