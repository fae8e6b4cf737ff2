-- Issue 28, decision 088 (session 21's review of 0035): a price cut is measured from prices buyers saw, never from an
-- amount entered while the price was "Po dogovoru" (neither a false cut from an amount nobody saw, nor a real cut from
-- the last shown price missed); a price never shown is no reference for an e-mail; a car the run could not rate says
-- "Ni dovolj podatkov" again when its price shows.
--
-- old_shown: whether a change's old amount was the last one buyers saw (NULL: recorded before 0036, counted as shown).
ALTER TABLE posting_price_changes ADD COLUMN old_shown INTEGER;

-- A posting written published with its price shown (imports, the seed) starts with that shown price.
CREATE TRIGGER posting_shown_price_on_insert AFTER INSERT ON postings
WHEN NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND coalesce(NEW.price_type, 'NORMAL') <> 'NEGOTIABLE'
  AND NEW.shown_price IS NULL
BEGIN
  UPDATE postings SET shown_price = NEW.search_price WHERE id = NEW.id;
END;

-- 0035's price trigger: the history row says whether its old amount was shown; the 30-day low counts shown amounts
-- only; a car with an estimate that has no mid is "Ni dovolj podatkov" while it is market data.
DROP TRIGGER posting_price_changed;
CREATE TRIGGER posting_price_changed AFTER UPDATE OF search_price ON postings
WHEN OLD.published_at IS NOT NULL AND OLD.search_price IS NOT NEW.search_price
BEGIN
  INSERT INTO posting_price_changes (posting_id, old_price, new_price, old_shown)
    VALUES (NEW.id, OLD.search_price, NEW.search_price, CASE WHEN OLD.search_price IS OLD.shown_price THEN 1 ELSE 0 END);
  UPDATE postings SET
    last_price_change = (
      SELECT CASE WHEN NEW.search_price IS NOT NULL AND NEW.search_price > 0 AND NEW.price_type <> 'NEGOTIABLE'
        AND NEW.search_price < min(c.old_price) THEN NEW.search_price - min(c.old_price) END
      FROM posting_price_changes c
      WHERE c.posting_id = NEW.id AND c.old_price IS NOT NULL AND coalesce(c.old_shown, 1) = 1
        AND c.changed_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')
    ),
    last_price_change_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE id = NEW.id;
  INSERT INTO price_alert_queue (user_id, posting_id, old_price, new_price)
    SELECT f.user_id, NEW.id, NEW.search_price - p.last_price_change, NEW.search_price
    FROM favorites f JOIN postings p ON p.id = NEW.id
    WHERE f.posting_id = NEW.id AND f.price_alert = 1 AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0
      AND p.last_price_change IS NOT NULL AND p.last_price_change < 0;
  UPDATE postings SET
    market_deviation_bp = (
      SELECT CASE WHEN (NEW.status IN ('PUBLISHED', 'SOLD', 'EXPIRED') AND NEW.hide_posting = 0 AND NEW.price_type NOT IN ('NEGOTIABLE', 'RENTAL_ONLY') AND coalesce(NEW.vehicle_condition, '') <> 'BRAND_NEW') AND NEW.search_price > 0
        AND NEW.search_price * 1.0 / v.mid - 1 > -0.4 AND NEW.search_price * 1.0 / v.mid - 1 < 1
        THEN CAST(round((NEW.search_price * 1.0 / v.mid - 1) * 10000) AS INTEGER) END
      FROM posting_market_values v WHERE v.posting_id = NEW.id
    ),
    price_rating = (
      SELECT CASE
        WHEN NOT (NEW.status IN ('PUBLISHED', 'SOLD', 'EXPIRED') AND NEW.hide_posting = 0 AND NEW.price_type NOT IN ('NEGOTIABLE', 'RENTAL_ONLY') AND coalesce(NEW.vehicle_condition, '') <> 'BRAND_NEW') OR NEW.search_price IS NULL OR NEW.search_price <= 0 THEN NULL
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.4 OR NEW.search_price * 1.0 / v.mid - 1 >= 1 THEN NULL
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.12 THEN 'GREAT'
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.05 THEN 'GOOD'
        WHEN NEW.search_price * 1.0 / v.mid - 1 < 0.05 THEN 'FAIR'
        WHEN NEW.search_price * 1.0 / v.mid - 1 < 0.12 THEN 'HIGH'
        ELSE 'TOO_HIGH' END
      FROM posting_market_values v WHERE v.posting_id = NEW.id
    )
  WHERE id = NEW.id AND EXISTS (SELECT 1 FROM posting_market_values v WHERE v.posting_id = NEW.id AND v.mid IS NOT NULL);
  UPDATE postings SET price_rating = 'NOT_ENOUGH_DATA', market_deviation_bp = NULL
  WHERE id = NEW.id AND (NEW.status IN ('PUBLISHED', 'SOLD', 'EXPIRED') AND NEW.hide_posting = 0 AND NEW.price_type NOT IN ('NEGOTIABLE', 'RENTAL_ONLY') AND coalesce(NEW.vehicle_condition, '') <> 'BRAND_NEW')
    AND EXISTS (SELECT 1 FROM posting_market_values v WHERE v.posting_id = NEW.id AND v.mid IS NULL);
  UPDATE postings SET shown_price = NEW.search_price WHERE id = NEW.id AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND NEW.price_type <> 'NEGOTIABLE';
END;

-- 0035's trigger for a price that shows again: the same 30-day low of shown amounts; the buyers who asked are told only
-- of a price under one they saw (none known: nothing to tell); "Ni dovolj podatkov" as above.
DROP TRIGGER posting_price_shown_again;
CREATE TRIGGER posting_price_shown_again AFTER UPDATE OF price_type, status, hide_posting ON postings
WHEN OLD.search_price IS NEW.search_price
  AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND NEW.price_type <> 'NEGOTIABLE'
  AND NOT (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND OLD.price_type <> 'NEGOTIABLE')
BEGIN
  UPDATE postings SET
    last_price_change = (
      SELECT CASE WHEN NEW.search_price IS NOT NULL AND NEW.search_price > 0
        AND NEW.search_price < min(c.old_price) THEN NEW.search_price - min(c.old_price) END
      FROM posting_price_changes c
      WHERE c.posting_id = NEW.id AND c.old_price IS NOT NULL AND coalesce(c.old_shown, 1) = 1
        AND c.changed_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')
    )
  WHERE id = NEW.id;
  INSERT INTO price_alert_queue (user_id, posting_id, old_price, new_price)
    SELECT f.user_id, NEW.id, NEW.search_price - p.last_price_change, NEW.search_price
    FROM favorites f JOIN postings p ON p.id = NEW.id
    WHERE f.posting_id = NEW.id AND f.price_alert = 1
      AND p.last_price_change IS NOT NULL AND p.last_price_change < 0
      AND OLD.shown_price IS NOT NULL AND NEW.search_price < OLD.shown_price;
  UPDATE postings SET
    market_deviation_bp = (
      SELECT CASE WHEN (NEW.status IN ('PUBLISHED', 'SOLD', 'EXPIRED') AND NEW.hide_posting = 0 AND NEW.price_type NOT IN ('NEGOTIABLE', 'RENTAL_ONLY') AND coalesce(NEW.vehicle_condition, '') <> 'BRAND_NEW') AND NEW.search_price > 0
        AND NEW.search_price * 1.0 / v.mid - 1 > -0.4 AND NEW.search_price * 1.0 / v.mid - 1 < 1
        THEN CAST(round((NEW.search_price * 1.0 / v.mid - 1) * 10000) AS INTEGER) END
      FROM posting_market_values v WHERE v.posting_id = NEW.id
    ),
    price_rating = (
      SELECT CASE
        WHEN NOT (NEW.status IN ('PUBLISHED', 'SOLD', 'EXPIRED') AND NEW.hide_posting = 0 AND NEW.price_type NOT IN ('NEGOTIABLE', 'RENTAL_ONLY') AND coalesce(NEW.vehicle_condition, '') <> 'BRAND_NEW') OR NEW.search_price IS NULL OR NEW.search_price <= 0 THEN NULL
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.4 OR NEW.search_price * 1.0 / v.mid - 1 >= 1 THEN NULL
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.12 THEN 'GREAT'
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.05 THEN 'GOOD'
        WHEN NEW.search_price * 1.0 / v.mid - 1 < 0.05 THEN 'FAIR'
        WHEN NEW.search_price * 1.0 / v.mid - 1 < 0.12 THEN 'HIGH'
        ELSE 'TOO_HIGH' END
      FROM posting_market_values v WHERE v.posting_id = NEW.id
    )
  WHERE id = NEW.id AND EXISTS (SELECT 1 FROM posting_market_values v WHERE v.posting_id = NEW.id AND v.mid IS NOT NULL);
  UPDATE postings SET price_rating = 'NOT_ENOUGH_DATA', market_deviation_bp = NULL
  WHERE id = NEW.id AND (NEW.status IN ('PUBLISHED', 'SOLD', 'EXPIRED') AND NEW.hide_posting = 0 AND NEW.price_type NOT IN ('NEGOTIABLE', 'RENTAL_ONLY') AND coalesce(NEW.vehicle_condition, '') <> 'BRAND_NEW')
    AND EXISTS (SELECT 1 FROM posting_market_values v WHERE v.posting_id = NEW.id AND v.mid IS NULL);
  UPDATE postings SET shown_price = NEW.search_price WHERE id = NEW.id;
END;
