import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "~/client/errors";
import { dealerInvitation } from "../dealers.mutations";
import { useAnswerInvitation } from "../use-answer-invitation";
import { m } from "~/paraglide/messages";

/**
 * `/povabilo?token=…` (signed in): the salesperson invitation from the SMS (decision 033). The owner
 * of the number sees which team invites them and accepts or declines; nothing happens on opening.
 */
export function InvitationPage({ token }: { token: string | undefined }) {
  const invitation = useQuery({
    queryKey: ["dealer-invitation", token],
    queryFn: () => dealerInvitation(token ?? ""),
    enabled: Boolean(token),
    retry: false,
  });
  const { respond, answer, busy, error } = useAnswerInvitation(token ?? "");
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const loadError = invitation.error
    ? invitation.error instanceof ApiError
      ? invitation.error.firstMessage
      : m.inv_failed()
    : null;
  return (
    <div className="mx-auto max-w-xl">
      <div className="card space-y-4 p-6" data-testid="dealer-invitation">
        <h1 className="text-sm font-semibold uppercase tracking-wide text-muted">{m.inv_title()}</h1>
        {!token ? (
          <p role="alert">{m.inv_missing()}</p>
        ) : answer?.kind === "accepted" ? (
          <>
            <p role="status" className="text-lg font-semibold">
              {m.inv_accepted({ name: answer.name })}
            </p>
            {/* A full load: the shell and the menus pick up the new membership. */}
            <a href="/dms/zaloga" className="btn-primary">
              {m.inv_go_stock()}
            </a>
          </>
        ) : answer?.kind === "declined" ? (
          <p role="status">{m.inv_declined()}</p>
        ) : loadError ? (
          <p role="alert">{loadError}</p>
        ) : !invitation.data ? (
          <p>{m.inv_loading()}</p>
        ) : (
          <>
            <h2 className="text-2xl font-bold">{m.inv_question({ name: invitation.data.dealershipName })}</h2>
            <p className="text-sm text-muted">{m.inv_text()}</p>
            {error ? (
              <p role="alert" className="text-danger">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary"
                disabled={!ready || busy}
                onClick={() => void respond(true)}
              >
                {m.inv_accept()}
              </button>
              <button
                type="button"
                className="btn-outline"
                disabled={!ready || busy}
                onClick={() => void respond(false)}
              >
                {m.inv_decline()}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
