-- Social sign-in and moving legacy phone accounts to e-mail.
-- A sign-in link can attach its address to a signed-in legacy user (user_id), or confirm a social
-- identity whose provider supplied no e-mail (provider, subject).
ALTER TABLE login_tokens ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE login_tokens ADD COLUMN provider TEXT;
ALTER TABLE login_tokens ADD COLUMN subject TEXT;
-- The signed-in legacy user a social identity will be attached to.
ALTER TABLE oauth_states ADD COLUMN link_user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
-- Session rotation: the token a rotated session was replaced by stays valid briefly (grace).
CREATE INDEX sessions_expiry ON sessions(expires_at);
