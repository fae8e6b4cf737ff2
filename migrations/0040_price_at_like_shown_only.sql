-- Issue 28, decision 088 (session 24): a favourite's price at the like is the reference of its "Cena nižja za …" and
-- of its drop e-mails. Before session 23 a like made while the price was "Po dogovoru" (or while a special price was
-- kept beside a normal one) stored the amount the seller kept, which no buyer was shown; once the price showed again,
-- the drop from it gave that amount away. A price at the like is kept only where buyers were shown it: the posting's
-- last shown price, or the old amount of a change made while that amount was the one shown (old_shown; NULL rows
-- predate 0036 and count as shown, as there). Any other is cleared: that favourite shows no drop until its next like.
UPDATE favorites SET price_at_like = NULL
WHERE price_at_like IS NOT NULL
  AND price_at_like IS NOT (SELECT p.shown_price FROM postings p WHERE p.id = favorites.posting_id)
  AND NOT EXISTS (
    SELECT 1 FROM posting_price_changes c
    WHERE c.posting_id = favorites.posting_id AND c.old_price = favorites.price_at_like AND coalesce(c.old_shown, 1) = 1
  );
