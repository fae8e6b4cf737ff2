import { socialLoginHref, type SocialProviderId } from "~/domain/social";
import { m } from "~/paraglide/messages";
import type { RuntimeFlags } from "../runtime.functions";

export const socialLabel: Record<SocialProviderId, () => string> = {
  google: m.social_google,
  meta: m.social_meta,
  apple: m.social_apple,
  x: m.social_x,
};

export const socialName: Record<SocialProviderId, () => string> = {
  google: m.social_name_google,
  meta: m.social_name_meta,
  apple: m.social_name_apple,
  x: m.social_name_x,
};

/** One link per provider on offer (a browser navigation to the redirect call); none when none is configured. */
export function SocialButtons({
  providers,
  redirectUrl,
  email,
}: {
  providers: RuntimeFlags["socialProviders"];
  redirectUrl: string;
  email?: string | null;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="space-y-2">
      <ul className="grid gap-2">
        {providers.map((p) => (
          <li key={p.id}>
            <a
              href={socialLoginHref(p.id, redirectUrl, email)}
              className="btn-outline w-full justify-center py-2.5"
              data-provider={p.id}
            >
              {socialLabel[p.id]()}
            </a>
          </li>
        ))}
      </ul>
      {providers.some((p) => p.local) ? (
        <p className="rounded-lg bg-accent-500/15 p-2 text-xs">{m.social_dev_note()}</p>
      ) : null}
    </div>
  );
}
