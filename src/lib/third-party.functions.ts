import { createServerFn } from "@tanstack/react-start";
import { appConfig } from "~/app.config";

export type ThirdPartyScripts = { analytics: string; gpt: string; measurementId: string };

/**
 * Where the analytics and ad scripts come from in this deployment: the real providers, or the
 * same-origin stubs where DEV_OUTBOX is on (local runs and tests must not call third parties).
 */
export const getThirdPartyScripts = createServerFn({ method: "GET" }).handler(async (): Promise<ThirdPartyScripts> => {
  const { env } = await import("cloudflare:workers");
  const local = env.DEV_OUTBOX === "1";
  const { analytics, gpt } = appConfig.thirdParty;
  return {
    analytics: local ? analytics.localStub : `${analytics.scriptUrl}?id=${encodeURIComponent(analytics.measurementId)}`,
    gpt: local ? gpt.localStub : gpt.scriptUrl,
    measurementId: analytics.measurementId,
  };
});
