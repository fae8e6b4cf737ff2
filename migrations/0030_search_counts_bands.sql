-- Issue 27, decision 087: the kept counts of migration 0028 gain the dimensions broad searches filter on, so
-- their totals are sums of kept rows instead of walks of the search index:
--   'year'   model_year, one row per year;
--   'price'  search_price (cents) in bands of 500 € (value = search_price / 50000);
--   'odo'    odometer_km in bands of 5,000 km (value = odometer_km / 5000);
--   'region' contact_region; 'seller' 'dealer' (a dealership's posting) or 'person'.
-- NULL values are kept as '' as before. The triggers are replaced by ones that follow the new columns too.
-- D1 allows at most 5 terms in a compound SELECT (a VALUES list of 5 rows): the dimensions go in two groups.
DROP TRIGGER search_counts_posting_insert;
DROP TRIGGER search_counts_posting_delete;
DROP TRIGGER search_counts_posting_update;

-- The dimensions of 0028 are kept as they are; the new ones are filled from the table as it is.
INSERT INTO search_counts (dimension, value, n)
SELECT 'year', coalesce(CAST(p.model_year AS TEXT), ''), count(*) FROM postings p WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'price', coalesce(CAST(p.search_price / 50000 AS TEXT), ''), count(*) FROM postings p WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'odo', coalesce(CAST(p.odometer_km / 5000 AS TEXT), ''), count(*) FROM postings p WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'region', coalesce(p.contact_region, ''), count(*) FROM postings p WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2;
INSERT INTO search_counts (dimension, value, n)
SELECT 'seller', CASE WHEN p.dealership_id IS NULL THEN 'person' ELSE 'dealer' END, count(*) FROM postings p WHERE p.status = 'PUBLISHED' AND p.hide_posting = 0 GROUP BY 2;

CREATE TRIGGER search_counts_posting_insert AFTER INSERT ON postings
WHEN NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0
BEGIN
  INSERT INTO search_counts (dimension, value, n) SELECT column1, column2, 1 FROM (VALUES
    ('all', ''), ('make', coalesce(CAST(NEW.manufacturer_id AS TEXT), '')), ('model', coalesce(CAST(NEW.base_model_id AS TEXT), '')), ('fuel', coalesce(NEW.fuel, '')), ('body', coalesce(NEW.body_type, '')))
  WHERE true ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_counts (dimension, value, n) SELECT column1, column2, 1 FROM (VALUES
    ('year', coalesce(CAST(NEW.model_year AS TEXT), '')), ('price', coalesce(CAST(NEW.search_price / 50000 AS TEXT), '')), ('odo', coalesce(CAST(NEW.odometer_km / 5000 AS TEXT), '')), ('region', coalesce(NEW.contact_region, '')), ('seller', CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END))
  WHERE true ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER search_counts_posting_delete AFTER DELETE ON postings
WHEN OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0
BEGIN
  UPDATE search_counts SET n = n - 1 WHERE (dimension, value) IN (VALUES
    ('all', ''), ('make', coalesce(CAST(OLD.manufacturer_id AS TEXT), '')), ('model', coalesce(CAST(OLD.base_model_id AS TEXT), '')), ('fuel', coalesce(OLD.fuel, '')), ('body', coalesce(OLD.body_type, '')));
  UPDATE search_counts SET n = n - 1 WHERE (dimension, value) IN (VALUES
    ('year', coalesce(CAST(OLD.model_year AS TEXT), '')), ('price', coalesce(CAST(OLD.search_price / 50000 AS TEXT), '')), ('odo', coalesce(CAST(OLD.odometer_km / 5000 AS TEXT), '')), ('region', coalesce(OLD.contact_region, '')), ('seller', CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END));
END;

-- An update takes the old row out of the counts (if it was visible) and puts the new row in (if it is).
CREATE TRIGGER search_counts_posting_update AFTER UPDATE OF
  status, hide_posting, manufacturer_id, base_model_id, fuel, body_type, model_year, search_price, odometer_km,
  contact_region, dealership_id
ON postings
WHEN (OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0) OR (NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0)
BEGIN
  UPDATE search_counts SET n = n - 1 WHERE OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND (dimension, value) IN (VALUES
    ('all', ''), ('make', coalesce(CAST(OLD.manufacturer_id AS TEXT), '')), ('model', coalesce(CAST(OLD.base_model_id AS TEXT), '')), ('fuel', coalesce(OLD.fuel, '')), ('body', coalesce(OLD.body_type, '')));
  UPDATE search_counts SET n = n - 1 WHERE OLD.status = 'PUBLISHED' AND OLD.hide_posting = 0 AND (dimension, value) IN (VALUES
    ('year', coalesce(CAST(OLD.model_year AS TEXT), '')), ('price', coalesce(CAST(OLD.search_price / 50000 AS TEXT), '')), ('odo', coalesce(CAST(OLD.odometer_km / 5000 AS TEXT), '')), ('region', coalesce(OLD.contact_region, '')), ('seller', CASE WHEN OLD.dealership_id IS NULL THEN 'person' ELSE 'dealer' END));
  INSERT INTO search_counts (dimension, value, n) SELECT column1, column2, 1 FROM (VALUES
    ('all', ''), ('make', coalesce(CAST(NEW.manufacturer_id AS TEXT), '')), ('model', coalesce(CAST(NEW.base_model_id AS TEXT), '')), ('fuel', coalesce(NEW.fuel, '')), ('body', coalesce(NEW.body_type, '')))
  WHERE NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
  INSERT INTO search_counts (dimension, value, n) SELECT column1, column2, 1 FROM (VALUES
    ('year', coalesce(CAST(NEW.model_year AS TEXT), '')), ('price', coalesce(CAST(NEW.search_price / 50000 AS TEXT), '')), ('odo', coalesce(CAST(NEW.odometer_km / 5000 AS TEXT), '')), ('region', coalesce(NEW.contact_region, '')), ('seller', CASE WHEN NEW.dealership_id IS NULL THEN 'person' ELSE 'dealer' END))
  WHERE NEW.status = 'PUBLISHED' AND NEW.hide_posting = 0 ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n;
END;
