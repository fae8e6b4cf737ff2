-- Partner OAuth (decision 023): a token remembers the authorization code it was issued for, so a
-- replayed code revokes what it already produced (OAuth 2.0 Security BCP, RFC 9700 §4.5).
ALTER TABLE oauth_tokens ADD COLUMN code_hash TEXT;
CREATE INDEX oauth_tokens_code ON oauth_tokens(code_hash);
CREATE UNIQUE INDEX oauth_codes_session ON oauth_codes(session_id);
