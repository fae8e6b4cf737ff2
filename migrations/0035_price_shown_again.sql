-- Issue 28, decision 088 ("cuts a buyer is never told of"): a price cut made while the price was "Po dogovoru", or
-- while the posting was taken down or hidden, is told once the price shows again; and a car that goes "Po dogovoru"
-- and back keeps the daily run's estimate (the estimate row is kept, only the rating is cleared meanwhile).
--
-- shown_price: the last price buyers saw (published, not hidden, not "Po dogovoru"). A cut is told when the price shows
-- again under it, so a cut already told before the posting was taken down is not told twice; where it is not known (a
-- posting written published, as imports and the seed do, whose price has not changed since), the cut is told.
ALTER TABLE postings ADD COLUMN shown_price INTEGER;
UPDATE postings SET shown_price = search_price WHERE published_at IS NOT NULL;

-- The price trigger of 0032 with two changes: its last statement keeps shown_price; and as an estimate is now kept while
-- a posting is not market data (taken down, hidden, "Po dogovoru", rental-only, new), the rating is set only for one
-- that is (the rule of isValued in src/domain/market-value/valuate.ts), else cleared.
DROP TRIGGER posting_price_changed;
CREATE TRIGGER posting_price_changed AFTER UPDATE OF search_price ON postings
WHEN OLD.published_at IS NOT NULL AND OLD.search_price IS NOT NEW.search_price
BEGIN
  INSERT INTO posting_price_changes (posting_id, old_price, new_price) VALUES (NEW.id, OLD.search_price, NEW.search_price);
  UPDATE postings SET
    last_price_change = (
      SELECT CASE WHEN NEW.search_price IS NOT NULL AND NEW.search_price > 0 AND NEW.price_type <> 'NEGOTIABLE'
        AND NEW.search_price < min(c.old_price) THEN NEW.search_price - min(c.old_price) END
      FROM posting_price_changes c
      WHERE c.posting_id = NEW.id AND c.old_price IS NOT NULL
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
  UPDATE postings SET shown_price = NEW.search_price WHERE id = NEW.id AND NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 AND NEW.price_type <> 'NEGOTIABLE';
END;

-- The price shows (published the first time, or again from "Po dogovoru", taken down, expired or hidden) with its amount unchanged in this
-- statement (a change of amount in the same statement is the price trigger's): the drop mark is what the price
-- trigger would set now (a cut made while "Po dogovoru" was not marked); the buyers who asked are told of a price under
-- the last one they could see; the rating follows the price against the kept estimate, as in the price trigger.
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
      WHERE c.posting_id = NEW.id AND c.old_price IS NOT NULL
        AND c.changed_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')
    )
  WHERE id = NEW.id;
  INSERT INTO price_alert_queue (user_id, posting_id, old_price, new_price)
    SELECT f.user_id, NEW.id, NEW.search_price - p.last_price_change, NEW.search_price
    FROM favorites f JOIN postings p ON p.id = NEW.id
    WHERE f.posting_id = NEW.id AND f.price_alert = 1
      AND p.last_price_change IS NOT NULL AND p.last_price_change < 0
      AND (OLD.shown_price IS NULL OR NEW.search_price < OLD.shown_price);
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
  UPDATE postings SET shown_price = NEW.search_price WHERE id = NEW.id;
END;
