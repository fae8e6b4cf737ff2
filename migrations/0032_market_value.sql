-- Issue 28, decision 088: what a car is worth, whether its price is good, and how the price moved.
--
-- The daily job fits the market and writes each valued posting's estimate to posting_market_values, and its
-- rating and deviation (price / mid − 1, basis points) onto the posting row, where the search filters and
-- sorts on them and the cards read them without another round trip. The request path reads; it never fits.
ALTER TABLE postings ADD COLUMN price_rating TEXT;
ALTER TABLE postings ADD COLUMN market_deviation_bp INTEGER;
-- The last price change (new − old, cents) and when: the cards' drop mark, with no join.
ALTER TABLE postings ADD COLUMN last_price_change INTEGER;
ALTER TABLE postings ADD COLUMN last_price_change_at TEXT;
CREATE INDEX postings_price_rating ON postings (status, price_rating);
CREATE INDEX postings_status_market ON postings (status, market_deviation_bp);

CREATE TABLE posting_market_values (
  posting_id INTEGER PRIMARY KEY REFERENCES postings (id) ON DELETE CASCADE,
  low INTEGER,
  mid INTEGER,
  high INTEGER,
  comparables INTEGER NOT NULL,
  scope TEXT NOT NULL,
  year_from INTEGER NOT NULL,
  year_to INTEGER NOT NULL,
  factors TEXT NOT NULL DEFAULT '[]',
  computed_at TEXT NOT NULL
);

-- The fitted market, one row: the wizard's estimate for a car being entered reads it (no fit on a request).
CREATE TABLE market_models (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  coefficients TEXT NOT NULL,
  family_references TEXT NOT NULL,
  family_years TEXT NOT NULL,
  valued INTEGER NOT NULL,
  median_error_bp INTEGER NOT NULL,
  computed_at TEXT NOT NULL
);

-- Every change of the asking price of a posting that has been published, by whoever and whichever path.
CREATE TABLE posting_price_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  posting_id INTEGER NOT NULL REFERENCES postings (id) ON DELETE CASCADE,
  old_price INTEGER,
  new_price INTEGER,
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX posting_price_changes_posting ON posting_price_changes (posting_id, changed_at);

-- A buyer asks for an e-mail when a favourite's price drops; the drops wait here until sent (after the
-- response of the write that made them, and by the daily job for any other path).
ALTER TABLE favorites ADD COLUMN price_alert INTEGER NOT NULL DEFAULT 0;
CREATE TABLE price_alert_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  posting_id INTEGER NOT NULL REFERENCES postings (id) ON DELETE CASCADE,
  old_price INTEGER NOT NULL,
  new_price INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- In the writing statement, so no path can forget it: the change is recorded; a price under the lowest of the last
-- 30 days (the reference of a price reduction, EU Directive 98/6/EC Art. 6a) marks the card and is queued for the
-- buyers who asked (a price raised and lowered again is no reduction, and sends nothing); the rating follows the new
-- price against the same estimate (the bands and plausible range of src/domain/market-value/rating.ts, checked equal
-- by tests/market-value.test.ts) until the next daily fit. A price "Po dogovoru" is neither marked nor sent.
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
      SELECT CASE WHEN NEW.search_price > 0
        AND NEW.search_price * 1.0 / v.mid - 1 > -0.4 AND NEW.search_price * 1.0 / v.mid - 1 < 1
        THEN CAST(round((NEW.search_price * 1.0 / v.mid - 1) * 10000) AS INTEGER) END
      FROM posting_market_values v WHERE v.posting_id = NEW.id
    ),
    price_rating = (
      SELECT CASE
        WHEN NEW.search_price IS NULL OR NEW.search_price <= 0 OR NEW.price_type = 'NEGOTIABLE' THEN NULL
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.4 OR NEW.search_price * 1.0 / v.mid - 1 >= 1 THEN NULL
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.12 THEN 'GREAT'
        WHEN NEW.search_price * 1.0 / v.mid - 1 <= -0.05 THEN 'GOOD'
        WHEN NEW.search_price * 1.0 / v.mid - 1 < 0.05 THEN 'FAIR'
        WHEN NEW.search_price * 1.0 / v.mid - 1 < 0.12 THEN 'HIGH'
        ELSE 'TOO_HIGH' END
      FROM posting_market_values v WHERE v.posting_id = NEW.id
    )
  WHERE id = NEW.id AND EXISTS (SELECT 1 FROM posting_market_values v WHERE v.posting_id = NEW.id AND v.mid IS NOT NULL);
END;
