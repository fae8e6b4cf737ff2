import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { LoginPanel } from "~/features/auth/components/login-panel";
import { VerifyPhoneDialog } from "~/features/auth/components/verify-phone-dialog";
import { runtimeFlagsQueryOptions } from "~/features/auth/runtime.functions";
import { useMe } from "~/features/auth/use-session";
import { StepIndicator } from "~/features/new-post/components/step-indicator";
import { visibleSteps } from "~/domain/wizard-steps";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** Sign-in step: sign in (back to step 1, which then makes the draft); signed in without a phone, confirm one. */
export const Route = createFileRoute("/_new-post/nov-oglas/prijava")({
  loader: ({ context }) => context.queryClient.ensureQueryData(runtimeFlagsQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.wizard_step_sign_in()) }, { name: "robots", content: "noindex" }] }),
  component: function SignInStep() {
    const flags = Route.useLoaderData();
    const me = useMe();
    const [phoneOpen, setPhoneOpen] = useState(false);
    return (
      <>
        <StepIndicator steps={visibleSteps({ editing: false, phoneVerified: false })} current="signIn" postId={null} editing={false} />
        <h1 className="mb-4 text-2xl font-bold">{m.wizard_step_sign_in()}</h1>
        {me ? (
          <div className="card space-y-3 p-4">
            <p>{m.wizard_sign_in_phone()}</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => setPhoneOpen(true)}>{m.verify_phone_open()}</button>
              <a href="/nov-oglas?resume=1" className="btn-outline">{m.wizard_next()}</a>
            </div>
            <VerifyPhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} />
          </div>
        ) : (
          <div className="card p-4">
            <p className="mb-4 text-muted">{m.wizard_sign_in_intro()}</p>
            <LoginPanel flags={flags} redirectUrl="/nov-oglas?resume=1" reason={null} />
          </div>
        )}
      </>
    );
  },
});
