-- Issue 19, rules 2 and 4 (decisions 031, 032): a social identity waits for the signed-in owner of
-- the account to confirm the link, and a legacy phone account waits for the target owner's consent.

-- A social identity that would join an existing account (or an address typed for a provider without
-- e-mail). Bound to the browser that completed the provider's sign-in: `id` is the SHA-256 of the
-- token in its HttpOnly cookie. Only a signed-in account with `email` may confirm it.
CREATE TABLE pending_identity_links (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  identity_email TEXT,
  identity_name TEXT,
  email TEXT NOT NULL,
  redirect_url TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

-- A legacy phone account asking to be merged into an existing account: nothing moves until the
-- target's owner, signed in, confirms on the page that lists what moves.
CREATE TABLE merge_requests (
  id INTEGER PRIMARY KEY,
  legacy_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  redirect_url TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX merge_requests_target ON merge_requests (target_user_id, expires_at);
