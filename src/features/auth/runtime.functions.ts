import { queryOptions } from "@tanstack/react-query";
import { createServerFn } from "@tanstack/react-start";
import type { SocialProviderId } from "~/domain/social";

export type RuntimeFlags = { devOutbox: boolean; socialProviders: { id: SocialProviderId; local: boolean }[] };

/** Flags of this deployment that pages may show (never secrets): the dev mailbox, the sign-in providers on offer. */
export const getRuntimeFlags = createServerFn({ method: "GET" }).handler(async (): Promise<RuntimeFlags> => {
  const { env } = await import("cloudflare:workers");
  // The one import of a feature from services (decision 057): this handler runs only on the server, and which
  // sign-in providers this deployment has configured only the provider adapters know (no API route answers it).
  // biome-ignore lint/style/noRestrictedImports: a server function's handler, never in the browser bundle
  const { socialProviders } = await import("~/services/providers/social.server");
  const providers = socialProviders(env, env.SITE_URL ?? "http://localhost");
  return {
    devOutbox: env.DEV_OUTBOX === "1",
    socialProviders: [...providers.values()].map((p) => ({ id: p.id, local: p.local })),
  };
});

/** Cached for the whole visit: they change only with a deployment. */
export const runtimeFlagsQueryOptions = () =>
  queryOptions({ queryKey: ["runtime-flags"], queryFn: () => getRuntimeFlags(), staleTime: Number.POSITIVE_INFINITY });
