-- Paid featuring (issue 9): where the buyer returns after the card payment, kept with the purchase
-- so the local test checkout (and support) can follow a session without the provider.
ALTER TABLE featuring_purchases ADD COLUMN success_url TEXT;
ALTER TABLE featuring_purchases ADD COLUMN cancel_url TEXT;

-- The daily expiry clears featured state whose end has passed: only the few featured rows are in
-- this partial index, so the job never scans the postings table.
CREATE INDEX postings_featured_until ON postings(featured_until) WHERE featured_until IS NOT NULL;
