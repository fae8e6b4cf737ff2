import { createFileRoute } from "@tanstack/react-router";
import { safeReturnPath } from "~/domain/return-path";
import { LoginPanel } from "~/features/auth/components/login-panel";
import { loginReasonOf } from "~/features/auth/login-reason";
import { runtimeFlagsQueryOptions } from "~/features/auth/runtime.functions";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/relogin")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loader: ({ context }) => context.queryClient.ensureQueryData(runtimeFlagsQueryOptions()),
  head: () => ({ meta: [{ title: pageTitle(m.login_title()) }, { name: "robots", content: "noindex" }] }),
  component: function ReloginRoute() {
    const search = Route.useSearch();
    const flags = Route.useLoaderData();
    const redirectUrl = safeReturnPath(typeof search.redirectUrl === "string" ? search.redirectUrl : "/");
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return (
      <div className="mx-auto max-w-md">
        <div className="card p-6">
          <h1 className="mb-4 text-2xl font-bold">{m.login_title()}</h1>
          <LoginPanel
            flags={flags}
            redirectUrl={redirectUrl}
            reason={loginReasonOf(search)}
            email={text(search.email)}
            provider={text(search.provider)}
          />
        </div>
      </div>
    );
  },
});
