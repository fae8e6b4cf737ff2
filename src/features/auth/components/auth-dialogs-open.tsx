import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { Modal } from "~/components/modal";
import type { Me } from "~/domain/user";
import { m } from "~/paraglide/messages";
import { runtimeFlagsQueryOptions } from "../runtime.functions";
import { useAcknowledgeAccountsMerged } from "../use-acknowledge-accounts-merged";
import { EmailLoginForm } from "./email-login-form";
import { wantedAuthDialogs } from "../login-reason";
import { LoginPanel } from "./login-panel";
import { SocialButtons } from "./social-buttons";

const migrateDismissedKey = "avtotrg-migrate-later";

/** Strips the one-off login parameters, so closing the dialog leaves a clean address. */
function withoutLoginParams(href: string) {
  const url = new URL(href, "http://x");
  for (const key of ["success", "reason", "email", "provider"]) url.searchParams.delete(key);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The open sign-in dialog (see AuthDialogs, which loads this module only when one is wanted). */
export function AuthDialogsOpen({ me }: { me: Me | null }) {
  const location = useRouterState({ select: (s) => s.location });
  const search = location.search as Record<string, unknown>;
  const {
    reason,
    login: wantsLogin,
    migrate: wantsMigrate,
    merged: wantsMerged,
  } = wantedAuthDialogs(me, location.pathname, search);
  const flags = useQuery({ ...runtimeFlagsQueryOptions(), enabled: wantsLogin || wantsMigrate });
  const navigate = useNavigate();
  const acknowledgeMerged = useAcknowledgeAccountsMerged();
  const [migrateLater, setMigrateLater] = useState(true);
  useEffect(() => setMigrateLater(sessionStorage.getItem(migrateDismissedKey) === "1"), []);

  const here = withoutLoginParams(location.href);

  if (wantsMerged) {
    return (
      <Modal open title={m.merged_title()} onClose={() => void acknowledgeMerged()}>
        <p>{m.merged_text()}</p>
        <form method="dialog">
          <button type="submit" className="btn-primary w-full py-2.5">
            {m.merged_ok()}
          </button>
        </form>
      </Modal>
    );
  }
  if (!flags.data) return null;
  if (wantsLogin) {
    return (
      <Modal open title={m.login_title()} onClose={() => void navigate({ href: here, replace: true })}>
        <LoginPanel
          flags={flags.data}
          redirectUrl={here}
          reason={reason}
          email={typeof search.email === "string" ? search.email : null}
          provider={typeof search.provider === "string" ? search.provider : null}
        />
      </Modal>
    );
  }
  if (wantsMigrate && !migrateLater) {
    return (
      <Modal
        open
        title={m.migrate_title()}
        closeLabel={m.migrate_later()}
        onClose={() => {
          sessionStorage.setItem(migrateDismissedKey, "1");
          setMigrateLater(true);
        }}
      >
        <p className="text-sm">{m.migrate_text()}</p>
        <EmailLoginForm redirectUrl={here} devMailbox={flags.data.devOutbox} />
        {flags.data.socialProviders.length > 0 ? (
          <>
            <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
              {m.login_or()}
            </p>
            <SocialButtons providers={flags.data.socialProviders} redirectUrl={here} />
          </>
        ) : null}
        <form method="dialog">
          <button type="submit" className="btn-ghost w-full">
            {m.migrate_later()}
          </button>
        </form>
      </Modal>
    );
  }
  return null;
}
