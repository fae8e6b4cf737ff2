-- Issue 28, decision 088 (session 23): a favourite's drop e-mail is sent only for a cut of at least 1 % (or 100 €, the
-- smaller) under the last price told to that buyer in the 30 days before, else under the 30-day low: ten 1 € cuts in a
-- row are no ten e-mails. The last price told, and when.
ALTER TABLE favorites ADD COLUMN price_alert_told INTEGER;
ALTER TABLE favorites ADD COLUMN price_alert_told_at TEXT;
