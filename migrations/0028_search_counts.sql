-- Issue 27: counts of the visible postings (PUBLISHED, not hidden) per value of a few dimensions,
-- kept exact by triggers in the writing statement itself (no write path can forget them), so a
-- broad search reads one row for its total instead of walking the search index (decision 082).
-- dimension: 'all' (value ''), 'make' (manufacturer_id), 'model' (base_model_id), 'fuel', 'body'.
-- NULL values are kept as '' so every visible posting is counted once per dimension.
CREATE TABLE search_counts (
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (dimension, value)
) WITHOUT ROWID;

INSERT INTO search_counts (dimension, value, n)
SELECT 'all', '', count(*) FROM postings WHERE status = 'PUBLISHED' AND hide_posting = 0;
INSERT INTO search_counts (dimension, value, n)
SELECT 'make', coalesce(CAST(manufacturer_id AS TEXT), ''), count(*) FROM postings
WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'model', coalesce(CAST(base_model_id AS TEXT), ''), count(*) FROM postings
WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'fuel', coalesce(fuel, ''), count(*) FROM postings
WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'body', coalesce(body_type, ''), count(*) FROM postings
WHERE status = 'PUBLISHED' AND hide_posting = 0 GROUP BY 2;

CREATE TRIGGER search_counts_posting_insert AFTER INSERT ON postings
WHEN NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0
BEGIN
  INSERT INTO search_counts (dimension, value, n) VALUES ('all', '', 1),
    ('make', coalesce(CAST(NEW.manufacturer_id AS TEXT), ''), 1), ('model', coalesce(CAST(NEW.base_model_id AS TEXT), ''), 1),
    ('fuel', coalesce(NEW.fuel, ''), 1), ('body', coalesce(NEW.body_type, ''), 1)
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER search_counts_posting_delete AFTER DELETE ON postings
WHEN OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0
BEGIN
  UPDATE search_counts SET n = n - 1 WHERE (dimension = 'all' AND value = '')
    OR (dimension = 'make' AND value = coalesce(CAST(OLD.manufacturer_id AS TEXT), '')) OR (dimension = 'model' AND value = coalesce(CAST(OLD.base_model_id AS TEXT), ''))
    OR (dimension = 'fuel' AND value = coalesce(OLD.fuel, '')) OR (dimension = 'body' AND value = coalesce(OLD.body_type, ''));
END;

-- An update takes the old row out of the counts (if it was visible) and puts the new row in (if it is).
CREATE TRIGGER search_counts_posting_update AFTER UPDATE OF
  status, hide_posting, manufacturer_id, base_model_id, fuel, body_type
ON postings
WHEN (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0) OR (NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0)
BEGIN
  UPDATE search_counts SET n = n - 1 WHERE OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND (
    (dimension = 'all' AND value = '')
    OR (dimension = 'make' AND value = coalesce(CAST(OLD.manufacturer_id AS TEXT), '')) OR (dimension = 'model' AND value = coalesce(CAST(OLD.base_model_id AS TEXT), ''))
    OR (dimension = 'fuel' AND value = coalesce(OLD.fuel, '')) OR (dimension = 'body' AND value = coalesce(OLD.body_type, '')));
  INSERT INTO search_counts (dimension, value, n)
  SELECT column1, column2, 1 FROM (VALUES ('all', ''), ('make', coalesce(CAST(NEW.manufacturer_id AS TEXT), '')),
    ('model', coalesce(CAST(NEW.base_model_id AS TEXT), '')), ('fuel', coalesce(NEW.fuel, '')), ('body', coalesce(NEW.body_type, '')))
  WHERE NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0
  ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
END;
