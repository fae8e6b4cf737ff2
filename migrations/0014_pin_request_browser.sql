-- Issue 19, rule 12 (decision 036): a legacy sign-in code is bound to the browser that asked for it.
-- browser_hash = sha256 of a random nonce kept only in that browser's HttpOnly cookie (avtotrg_pin);
-- a sign-in uses (and spends attempts of) only the open request whose hash matches its cookie.
ALTER TABLE pin_requests ADD COLUMN browser_hash TEXT;
CREATE INDEX pin_requests_browser ON pin_requests(phone_number, browser_hash) WHERE browser_hash IS NOT NULL;
