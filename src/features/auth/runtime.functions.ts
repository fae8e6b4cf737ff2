import { createServerFn } from "@tanstack/react-start";

/** Flags of this deployment that pages may show (never secrets): is the dev mailbox on? */
export const getRuntimeFlags = createServerFn({ method: "GET" }).handler(async () => {
  const { env } = await import("cloudflare:workers");
  return { devOutbox: env.DEV_OUTBOX === "1" };
});
