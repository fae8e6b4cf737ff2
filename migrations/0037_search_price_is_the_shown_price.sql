-- Issue 28, decision 088 (session 23): the search price (price filter, sorts, market rating) is the amount the page
-- shows. A NORMAL or final price with a special price kept beside it (the wizard keeps it when the seller switches
-- back from "Akcijska cena") was searched and rated by that hidden special price; a financing price type shows the
-- special price only with both amounts. Rewritten here for the postings saved before; the price trigger rates them
-- again at once and its history ends at the shown price (the data-integrity rule). No buyer is e-mailed a "drop": the
-- page showed this price all along, so the alerts the trigger queues for this correction are taken out again.
CREATE TABLE _search_price_fix_mark AS SELECT (SELECT coalesce(max(id), 0) FROM price_alert_queue) AS last_alert;

UPDATE postings SET search_price = CASE
    WHEN price_type = 'WITH_FINANCING' THEN CASE WHEN price IS NOT NULL AND special_price IS NOT NULL THEN special_price ELSE price END
    ELSE price END
  WHERE special_price IS NOT NULL
    AND coalesce(price_type, 'NORMAL') NOT IN ('SPECIAL_OFFER', 'NEGOTIABLE', 'RENTAL_ONLY')
    AND search_price IS NOT (CASE
      WHEN price_type = 'WITH_FINANCING' THEN CASE WHEN price IS NOT NULL AND special_price IS NOT NULL THEN special_price ELSE price END
      ELSE price END);

DELETE FROM price_alert_queue WHERE id > (SELECT last_alert FROM _search_price_fix_mark);
DROP TABLE _search_price_fix_mark;
