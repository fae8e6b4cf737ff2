-- Issue 20 (decision 046): the vehicle a signed-out seller chose on /nov-oglas, kept on the server so the
-- sign-in link may be opened in another tab or browser. token_hash = sha256 of a random token that
-- travels only in the sign-in step's address (and so in the sign-in request's return path). The first
-- signed-in user to claim it (user_id NULL -> theirs, one conditional UPDATE) gets a draft from it;
-- nobody else can claim it afterwards.
CREATE TABLE wizard_selections (
  token_hash TEXT PRIMARY KEY,
  vin TEXT,
  hidden_vin INTEGER NOT NULL DEFAULT 0,
  is_partial_vin INTEGER NOT NULL DEFAULT 0,
  manufacturer TEXT,
  model TEXT,
  trim_id INTEGER,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  posting_id INTEGER REFERENCES postings(id) ON DELETE SET NULL,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX wizard_selections_expires ON wizard_selections(expires_at);
