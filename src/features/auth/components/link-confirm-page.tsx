import type { EmailLinkView } from "~/domain/account-link";
import { withParam } from "~/domain/return-path";
import { m } from "~/paraglide/messages";
import { useOpenEmailLink } from "../use-open-email-link";
import { AnswerButton, AnswerButtons, NothingToAnswer } from "./answer-page";

/**
 * The page an e-mailed sign-in link opens (decision 030): it names the account and signs in only when
 * the visitor presses the button, a same-origin POST. A link planted in another site's page or image
 * therefore signs nobody in. Works in any tab or browser: the token travels in the POST.
 */
export function LinkConfirmPage({
  token,
  view,
  spentReturn = null,
}: {
  token: string;
  view: EmailLinkView | null;
  spentReturn?: string | null;
}) {
  const link = useOpenEmailLink(token);

  if (!view) {
    return (
      <NothingToAnswer
        role="alert"
        title={m.link_confirm_title()}
        text={m.link_confirm_invalid()}
        textClassName="text-danger"
        action={
          // Back to the page the link was asked for: its login (success=false) says the link expired and sends a new one there.
          <a
            className="btn-primary inline-block px-4 py-2.5"
            href={spentReturn ? withParam(spentReturn, "success", "false") : "/relogin"}
            data-testid="link-confirm-new"
          >
            {m.link_confirm_new()}
          </a>
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold break-words">{m.link_confirm_heading({ email: view.email })}</h1>
      <p className="text-muted">{m.link_confirm_text({ email: view.email })}</p>
      {view.movesLegacyAccount ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">{m.link_confirm_legacy()}</p>
      ) : null}
      <AnswerButtons error={link.error}>
        <AnswerButton kind="confirm" className="break-all" busy={link.busy} onClick={() => void link.open()}>
          {m.link_confirm_button({ email: view.email })}
        </AnswerButton>
        <a className="btn-ghost px-4 py-2.5" href="/">
          {m.link_confirm_cancel()}
        </a>
      </AnswerButtons>
    </div>
  );
}
