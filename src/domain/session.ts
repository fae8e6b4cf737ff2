/**
 * Who is calling: the signed-in user and their session, as the API's session middleware resolves them.
 * Pure types shared by db, services and api (the Hono environment in src/api/env.ts builds on them).
 */
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
  /** What `GET me` adds, when the lookup read it in the same statement (issue 27); else `me` reads it. */
  profile?: SessionProfile;
};

export type SessionProfile = {
  likedPostings: number[];
  dealership: { code: string | null; publicName: string | null; name: string } | null;
};

/**
 * A read that decides its caller's session from its own D1 batch (issue 27, decision 089): the token's hash, and
 * where the session read in that batch goes (the request's session and its page's other calls), before any use.
 */
export type SessionInBatch = { hash: string; settle: (session: SessionInfo | null) => void };
