import { createMiddleware } from "hono/factory";
import { inProcessSessionMemos } from "~/lib/in-process";
import { inProcessClients } from "~/lib/client-address";
import type { ApiEnv } from "../env";

/**
 * First of all middleware: reads what an SSR page attached to its in-process Request (keyed by the
 * Request object, so nothing a visitor sends can claim it) while `c.req.raw` is still that object.
 * Later middleware may replace it (Hono's bodyLimit re-wraps a body sent without Content-Length).
 */
export const inProcessCall = createMiddleware<ApiEnv>(async (c, next) => {
  const client = inProcessClients.get(c.req.raw);
  const sessionMemo = inProcessSessionMemos.get(c.req.raw);
  if (client !== undefined || sessionMemo !== undefined) c.set("inProcess", { client, sessionMemo });
  await next();
});
