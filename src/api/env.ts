import type { Db } from "~/db/client.server";
import type { PageSessionMemo } from "~/lib/in-process";

export type SessionUser = {
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
  amzsMembershipNumber: string | null;
  /** An admin verified this number (decision 039); absent or false: self-declared only, no members' price. */
  amzsMembershipVerified?: boolean;
  amzsAdmin: boolean;
  amzsPostingEditor: boolean;
  accountsWereMerged: boolean;
  dealershipId: number | null;
  dealershipRole: "HEAD" | "SALESPERSON" | null;
  registeredAt: string;
};

export type SessionInfo = {
  id: string;
  user: SessionUser;
  impersonatorUserId: number | null /** When this session's token was issued. */;
  issuedAt: string /** Already replaced (in its grace minute). */;
  rotated: boolean;
};

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
    inProcess?: { client: string | undefined; sessionMemo: PageSessionMemo | undefined };
  };
};
