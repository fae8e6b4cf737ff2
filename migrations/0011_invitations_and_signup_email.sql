-- Issue 19, rules 3 and 5 (decisions 033, 034).
-- A salesperson row is an invitation until its phone's owner accepts it while signed in: the SMS
-- carries a one-time token (its hash here); a declined invitation keeps the row, marked.
ALTER TABLE salespeople ADD COLUMN invite_token_hash TEXT;
ALTER TABLE salespeople ADD COLUMN declined_at TEXT;
CREATE UNIQUE INDEX salespeople_invite_token ON salespeople(invite_token_hash);

-- A dealer registration counts (PENDING for admins) only once the applicant has opened the link
-- sent to the application's e-mail. Requests stored before this rule stay as they were.
ALTER TABLE dealer_signup_requests ADD COLUMN email_token_hash TEXT;
ALTER TABLE dealer_signup_requests ADD COLUMN email_verified_at TEXT;
CREATE UNIQUE INDEX dealer_signup_requests_email_token ON dealer_signup_requests(email_token_hash);
UPDATE dealer_signup_requests SET email_verified_at = created_at;
