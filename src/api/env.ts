import type { Db } from "~/db/client.server";
import type { SessionInBatch, SessionInfo } from "~/domain/session";
import type { FrontClaim } from "~/lib/front-voucher";
import type { PageSessionMemo } from "~/lib/in-process";

/** Hono environment of the internal API: Worker bindings plus per-request values set by middleware. */
export type ApiEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    session: SessionInfo | null;
    /**
     * What an SSR page attached to its in-process call (the page's client address and session memo), read
     * once by `inProcessCall` before any middleware may replace `c.req.raw` (bodyLimit does, for a body
     * without Content-Length).
     */
    /** What a front vouched for with a valid signed header (decision 076): its public origin, the client, SSR or not. */
    front?: FrontClaim;
    inProcess?: { client: string | undefined; sessionMemo: PageSessionMemo | undefined };
    /**
     * A page's in-process read whose handler puts the session's statement first in its own D1 batch (issue 27,
     * decision 089): `session` is null until the handler calls `settle` with the row's session, before any use.
     */
    sessionInBatch?: SessionInBatch;
  };
};
