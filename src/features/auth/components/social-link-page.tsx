import { useState } from "react";
import type { PendingSocialLinkView } from "~/domain/account-link";
import { safeReturnPath } from "~/domain/return-path";
import { m } from "~/paraglide/messages";
import { useAnswerSocialLink } from "../use-answer-social-link";
import { AnswerButton, AnswerButtons, NothingToAnswer } from "./answer-page";
import { socialName } from "./social-buttons";

/**
 * The screen where the signed-in owner links a social identity to their account (decision 031): it
 * names the provider, the identity and the account; only their same-origin POST links it.
 */
export function SocialLinkPage({
  view,
  provider,
  redirectUrl,
}: {
  view: PendingSocialLinkView | null;
  provider: string;
  redirectUrl: string;
}) {
  const [done, setDone] = useState<string | null>(null);
  const name = view ? socialName[view.provider]() : "";
  const link = useAnswerSocialLink(provider, view?.redirectUrl, () => setDone(m.social_link_done({ provider: name })));

  if (!view) {
    return (
      <NothingToAnswer
        role="alert"
        title={m.social_link_title()}
        text={m.social_link_none()}
        action={
          <a className="btn-primary inline-block px-4 py-2.5" href={safeReturnPath(redirectUrl)}>
            {m.merge_consent_continue()}
          </a>
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.social_link_heading({ provider: name })}</h1>
      <p className="text-muted">{m.social_link_text({ provider: name, email: view.email })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line p-3 text-sm">
        <dt className="text-muted">{m.social_link_identity()}</dt>
        <dd className="break-words font-semibold">
          {[name, view.identity.name, view.identity.email].filter(Boolean).join(" · ")}
        </dd>
        <dt className="text-muted">{m.social_link_identity_id()}</dt>
        <dd className="break-all">{view.identity.subject}</dd>
        <dt className="text-muted">{m.social_link_account()}</dt>
        <dd className="break-words">{view.email}</dd>
      </dl>
      {!view.isOwner ? (
        <p className="rounded-lg bg-danger/10 p-3 text-sm text-danger" role="alert">
          {m.social_link_not_owner({ email: view.email })}
        </p>
      ) : null}
      {done ? (
        <p className="text-sm text-brand-700" role="status">
          {done}
        </p>
      ) : null}
      <AnswerButtons error={link.error}>
        {view.isOwner ? (
          <AnswerButton kind="confirm" busy={link.busy} onClick={() => void link.answer(true)}>
            {m.social_link_confirm({ provider: name })}
          </AnswerButton>
        ) : null}
        <AnswerButton kind="decline" busy={link.busy} onClick={() => void link.answer(false)}>
          {m.social_link_decline()}
        </AnswerButton>
      </AnswerButtons>
    </div>
  );
}
