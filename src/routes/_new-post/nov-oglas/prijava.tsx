import { createFileRoute, redirect } from "@tanstack/react-router";
import { runtimeFlagsQueryOptions } from "~/features/auth/runtime.functions";
import { useMe } from "~/client/use-session";
import { LoginPanel } from "~/features/auth/components/login-panel";
import { VerifyPhoneDialog } from "~/features/auth/components/verify-phone-dialog";
import { SignInStep } from "~/features/new-post/components/sign-in-step";
import { StepIndicator } from "~/features/new-post/components/step-indicator";
import { hasValidatedPhone } from "~/domain/user";
import { signInStepHref, stepHref, visibleSteps } from "~/domain/wizard-steps";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/** The sign-in step: `izbira` is the token of a choice made signed out (decision 046), `oglas` the draft it became. */
export const Route = createFileRoute("/_new-post/nov-oglas/prijava")({
  validateSearch: (search: Record<string, unknown>): { izbira?: string; oglas?: string } => ({
    ...(typeof search.izbira === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(search.izbira)
      ? { izbira: search.izbira }
      : {}),
    ...(typeof search.oglas === "string" && /^\d{1,12}$/.test(search.oglas) ? { oglas: search.oglas } : {}),
  }),
  // A validated phone removes the step (spec section 2): on to the draft's details, or to step 1 without one.
  beforeLoad: ({ context, search }) => {
    if (!context.me || !hasValidatedPhone(context.me)) return;
    if (search.oglas) throw redirect({ href: stepHref("details", Number(search.oglas)) });
    if (!search.izbira) throw redirect({ href: "/nov-oglas" });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(runtimeFlagsQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.wizard_step_sign_in()) }, { name: "robots", content: "noindex" }] }),
  component: function SignInStepPage() {
    const flags = Route.useLoaderData();
    const me = useMe();
    const { izbira, oglas } = Route.useSearch();
    const steps = visibleSteps({ editing: false, phoneVerified: hasValidatedPhone(me) });
    return (
      <>
        <StepIndicator
          steps={steps}
          current={steps.includes("signIn") ? "signIn" : "vehicle"}
          postId={null}
          editing={false}
        />
        <h1 className="mb-4 text-2xl font-bold">{m.wizard_step_sign_in()}</h1>
        <SignInStep
          me={me}
          selection={izbira ?? null}
          draftId={oglas ? Number(oglas) : null}
          loginPanel={
            <LoginPanel
              flags={flags}
              redirectUrl={izbira ? signInStepHref({ selection: izbira }) : "/nov-oglas"}
              reason={null}
            />
          }
          PhoneDialog={VerifyPhoneDialog}
        />
      </>
    );
  },
});
