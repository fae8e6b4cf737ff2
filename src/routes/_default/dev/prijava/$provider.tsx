import { createFileRoute, notFound } from "@tanstack/react-router";
import { useId, useState } from "react";
import { encodeLocalCode, isSocialProviderId } from "~/domain/social";
import { socialName } from "~/features/auth/components/social-buttons";
import { runtimeFlagsQueryOptions } from "~/features/auth/runtime.functions";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

/**
 * The development stand-in for a social provider's consent screen (only with DEV_OUTBOX on and no
 * real credentials): it returns to our callback with a code that carries the identity typed here
 * and the PKCE challenge it was issued for.
 */
export const Route = createFileRoute("/_default/dev/prijava/$provider")({
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  loader: async ({ context, params }) => {
    const flags = await context.queryClient.ensureQueryData(runtimeFlagsQueryOptions());
    const provider = flags.socialProviders.find((p) => p.id === params.provider && p.local);
    if (!provider || !isSocialProviderId(provider.id)) throw notFound();
    return { provider: provider.id };
  },
  head: () => ({
    meta: [{ title: pageTitle(m.dev_social_title({ provider: "" })) }, { name: "robots", content: "noindex" }],
  }),
  component: function DevConsent() {
    const { provider } = Route.useLoaderData();
    const search = Route.useSearch();
    const id = useId();
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    const [email, setEmail] = useState(text(search.login_hint));
    const [firstName, setFirstName] = useState("");
    const [lastName, setLastName] = useState("");
    const [emailVerified, setEmailVerified] = useState(true);
    const [subject, setSubject] = useState(() => `${provider}-${Math.random().toString(36).slice(2, 10)}`);

    function back(params: Record<string, string>) {
      // Only ever back to our own callback.
      const target = new URL(text(search.redirect_uri) || "/", window.location.origin);
      if (target.origin !== window.location.origin) return;
      for (const [k, v] of Object.entries({ ...params, state: text(search.state) })) target.searchParams.set(k, v);
      window.location.assign(target.toString());
    }

    return (
      <div className="mx-auto max-w-md">
        <form
          className="card space-y-4 p-6"
          onSubmit={(e) => {
            e.preventDefault();
            back({
              code: encodeLocalCode({
                subject: subject.trim(),
                email: email.trim() || null,
                emailVerified,
                firstName: firstName.trim() || null,
                lastName: lastName.trim() || null,
                challenge: text(search.code_challenge),
              }),
            });
          }}
        >
          <h1 className="text-2xl font-bold">{m.dev_social_title({ provider: socialName[provider]() })}</h1>
          <p className="rounded-lg bg-accent-500/15 p-3 text-sm">{m.dev_social_intro()}</p>
          {(
            [
              [m.dev_social_subject(), subject, setSubject, "text", true],
              ...(provider === "x" ? [] : ([[m.dev_social_email(), email, setEmail, "email", false]] as const)),
              [m.dev_social_first(), firstName, setFirstName, "text", false],
              [m.dev_social_last(), lastName, setLastName, "text", false],
            ] as const
          ).map(([label, value, set, type, required], i) => (
            <div key={label}>
              <label className="field-label" htmlFor={`${id}-${i}`}>
                {label}
              </label>
              <input
                id={`${id}-${i}`}
                className="field-input"
                type={type}
                required={required}
                value={value}
                onChange={(e) => set(e.target.value)}
              />
            </div>
          ))}
          {provider === "x" ? null : (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={emailVerified} onChange={(e) => setEmailVerified(e.target.checked)} />
              {m.dev_social_email_verified()}
            </label>
          )}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1 py-2.5">
              {m.dev_social_allow()}
            </button>
            <button type="button" className="btn-outline" onClick={() => back({ error: "access_denied" })}>
              {m.dev_social_deny()}
            </button>
          </div>
        </form>
      </div>
    );
  },
});
