import { createFileRoute } from "@tanstack/react-router";
import { EmailLoginForm } from "~/features/auth/components/email-login-form";
import { PhoneLoginForm } from "~/features/auth/components/phone-login-form";
import { getRuntimeFlags } from "~/features/auth/runtime.functions";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/relogin")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loader: () => getRuntimeFlags(),
  head: () => ({ meta: [{ title: pageTitle(m.login_title()) }, { name: "robots", content: "noindex" }] }),
  component: function ReloginRoute() {
    const search = Route.useSearch();
    const { devOutbox } = Route.useLoaderData();
    const redirectUrl = typeof search.redirectUrl === "string" ? search.redirectUrl : "/";
    return (
      <div className="mx-auto max-w-md">
        <div className="card p-6">
          <h1 className="mb-4 text-2xl font-bold">{m.login_title()}</h1>
          {search.success === "false" ? <p className="mb-4 rounded-lg bg-danger/10 p-3 text-sm text-danger" role="alert">{m.login_failed()}</p> : null}
          <EmailLoginForm redirectUrl={redirectUrl} devMailbox={devOutbox} />
          <details className="mt-6 border-t border-line pt-4">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">{m.phone_login_toggle()}</summary>
            <div className="mt-4">
              <PhoneLoginForm redirectUrl={redirectUrl} />
            </div>
          </details>
        </div>
      </div>
    );
  },
});
